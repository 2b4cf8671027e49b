import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Chunks of the browser build (docs/decisions/006-lean-public-pages.md): the
 * React and React Router runtime in one file, the code every public page
 * shares in another, then each page's own module. Few files download in few
 * round trips and compress better than twenty small ones.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
const PUBLIC_SHELL =
  /[\\/]app[\\/](root\.tsx|routes[\\/]public-layout\.tsx|lib[\\/](seo|nonce|theme)\.ts|features[\\/](layout|home)[\\/]|components[\\/]ui[\\/](icons|link-target|responsive-image|json-ld|breadcrumb)\.tsx)|[\\/]common[\\/](settings|text|images|limits)\.ts/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 20 },
                { name: "site", test: PUBLIC_SHELL, priority: 10 },
              ],
            },
          },
        },
      },
    },
  },
});
