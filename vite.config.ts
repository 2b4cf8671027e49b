import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Chunks of the browser build (docs/decisions/009-lean-public-pages.md): the
 * React and React Router runtime in one file, the shell every page that
 * hydrates under the public layout shares (root, layout, header, footer) in
 * another, then each page's own module. Few files download in few round trips
 * and compress better than twenty small ones. The content pages hydrate no
 * more (decision 034): their one script is built apart (scripts/build.ts).
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
const PUBLIC_SHELL =
  /[\\/]app[\\/](root\.tsx|routes[\\/]public-layout\.tsx|lib[\\/](seo|nonce|theme|static-page)\.ts|features[\\/]layout[\\/]|components[\\/]ui[\\/](icons|link-target)\.tsx)|[\\/]common[\\/](settings|text|limits)\.ts/;

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
