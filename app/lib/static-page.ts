import { createContext, useContext } from "react";
import type { PageAssets } from "#common/site-context.ts";

/**
 * The `handle` of a route whose pages run no React in the browser (decision
 * 034): the server's HTML is the whole page, and the one small script of
 * `app/enhance/` adds what it does after loading (menus, theme, gallery,
 * contact form, view count). Routes without it hydrate as before.
 */
export const STATIC_PAGE = { hydrate: false } as const;

/** Whether a page's matched routes ask for no hydration. */
export function isStaticPage(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some(
    (match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false,
  );
}

/**
 * The build's page assets (the static pages' script), provided by
 * entry.server from the load context: only the server renders a static page's
 * script tag, so the browser never needs the address.
 */
export const PageAssetsContext = createContext<PageAssets | undefined>(undefined);

export function usePageAssets() {
  return useContext(PageAssetsContext);
}

/**
 * Whether this document is a static page (provided by the root layout, which
 * decides once per document): its links need no router (`app/components/ui/link.tsx`).
 */
export const StaticDocumentContext = createContext(false);

export function useStaticDocument() {
  return useContext(StaticDocumentContext);
}
