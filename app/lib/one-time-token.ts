import { useSearchParams } from "react-router";
import { ONE_TIME_LINK_HEADERS } from "#common/one-time-links.ts";

/** Where the head script keeps the token once it left the address bar. */
const KEPT = "__berandaOneTimeToken";

/**
 * Runs first in the <head> of a one-time link's page (root.tsx): takes
 * `token` out of the address bar (history.replaceState), so no script,
 * extension, bookmark or shared screen sees it there, and keeps it in memory
 * for the page's form. A reload then shows the page without a token, as an
 * incomplete link.
 */
export const ONE_TIME_TOKEN_SCRIPT = `(function(){try{var u=new URL(location.href),t=u.searchParams.get("token");if(t===null)return;window.${KEPT}=t;u.searchParams.delete("token");history.replaceState(history.state,"",u.pathname+u.search+u.hash);}catch(e){}})();`;

/**
 * The token of the one-time link that opened this page: from the address on
 * the server, from memory in the browser (where the head script took it out
 * of the address), so both render the same page.
 */
export function useOneTimeToken(): string {
  const [params] = useSearchParams();
  const inAddress = params.get("token");
  if (inAddress !== null) return inAddress;
  if (typeof window === "undefined") return "";
  return (window as unknown as Record<string, string | undefined>)[KEPT] ?? "";
}

/** The `headers` of a one-time link's page: kept by nobody (common/one-time-links.ts). */
export function oneTimeLinkHeaders() {
  return ONE_TIME_LINK_HEADERS;
}
