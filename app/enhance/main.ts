// The script of the static public pages (decision 034): the server's HTML is
// the whole page; this adds its few behaviours. Built on its own by
// `npm run build` (no React, no router), a few kilobytes.
import { enhance } from "./enhance.ts";

enhance(document);
// For tests and scripts that need the behaviours in place.
document.documentElement.dataset.enhanced = "true";
