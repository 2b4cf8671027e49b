import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { brandVariables } from "#common/color.ts";
import { isOneTimeLinkPage, isSecretAddress } from "#common/one-time-links.ts";
import { DEFAULT_SETTINGS, GOOGLE_ANALYTICS_ID_PATTERN } from "#common/settings.ts";
import { requestInfoContext, siteServicesContext } from "#common/site-context.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { useNonce } from "./lib/nonce.ts";
import { ONE_TIME_TOKEN_SCRIPT } from "./lib/one-time-token.ts";
import { isStaticPage, StaticDocumentContext, usePageAssets } from "./lib/static-page.ts";
import { themeBootScript } from "./lib/theme.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteServicesContext);
  const info = context.get(requestInfoContext);
  const [settings, menus] = await Promise.all([
    site.settings.getPublicSettings(),
    site.navigation.getSiteMenus(),
  ]);
  return {
    settings,
    // Resolved on the server: the page gets links, not references.
    menus,
    // Computed here so the colour maths stays on the server.
    brand: brandVariables(settings.appearance.primaryColor),
    nonce: info.nonce,
    origin: info.origin,
    demoMode: site.demoMode,
  };
}

// Settings change rarely and the admin asks for a reload after saving them.
export function shouldRevalidate() {
  return false;
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const settings = data?.settings ?? DEFAULT_SETTINGS;
  const nonce = useNonce() ?? data?.nonce;
  const favicon = settings.general.faviconUrl;
  // The page this document opened decides for the whole visit (as its policy
  // does): a one-time link's page, a preview or an admin screen gets no
  // analytics, even after moving on.
  const location = useLocation();
  const { pathname } = location;
  const [oneTimeLink] = useState(() => isOneTimeLinkPage(pathname));
  const [secretAddress] = useState(() => isSecretAddress(pathname));
  // The staff's own screens are not tracked (nor their drafts' titles sent to Google).
  const [staffScreen] = useState(() => pathname === "/admin" || pathname.startsWith("/admin/"));
  // A static page (decision 034) loads no React: the server's HTML and one small
  // script. Decided once per document: a page React renders stays React's.
  const matches = useMatches();
  const [staticPage] = useState(() => isStaticPage(matches));
  const enhanceScript = usePageAssets()?.enhanceScript;
  // On a page React renders (sign-in, register, …, or a public page reached
  // from one without a reload), the public layout's menus, theme button,
  // gallery, contact form and view count get the same behaviours after each
  // navigation, from the same code the static pages' script runs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each navigation
  useEffect(() => {
    if (staticPage || !document.querySelector("[data-enhance]")) return;
    void import("./enhance/enhance.ts").then(({ enhanceAfterNavigation }) =>
      enhanceAfterNavigation(document),
    );
  }, [staticPage, location.key]);
  return (
    <html lang="en" style={data?.brand as CSSProperties | undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {oneTimeLink ? (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ONE_TIME_TOKEN_SCRIPT }} />
        ) : null}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: themeBootScript(settings.appearance.theme) }}
        />
        <link rel="icon" href={favicon || "/favicon.svg"} />
        {/* With a precedence React puts the stylesheet first in <head>, before the script preloads. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <link
          rel="alternate"
          type="application/rss+xml"
          title={`${settings.general.siteTitle || "Company Profile"} RSS`}
          href="/rss.xml"
        />
        <Links />
        {secretAddress || staffScreen ? null : (
          <Analytics id={settings.seo.googleAnalyticsId} nonce={nonce} />
        )}
      </head>
      <body className="min-h-screen">
        <StaticDocumentContext value={staticPage}>{children}</StaticDocumentContext>
        {staticPage ? (
          enhanceScript ? (
            <script type="module" src={enhanceScript} nonce={nonce} />
          ) : null
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/** Google Analytics, only with a valid ID (the settings schema checks the format). */
function Analytics({ id, nonce }: { id: string; nonce: string | undefined }) {
  if (!id || !GOOGLE_ANALYTICS_ID_PATTERN.test(id)) return null;
  const config = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${JSON.stringify(id)});`;
  return (
    <>
      <script
        async
        nonce={nonce}
        src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`}
      />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: config }} />
    </>
  );
}

// No auth state here: only the admin, sign-in and register screens need it
// (each wraps itself in <AuthProvider>), so public pages neither load that
// code nor ask the server who is signed in.
export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? "Page Not Found" : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        {notFound
          ? "The page you are looking for does not exist."
          : "Please try again in a moment."}
      </p>
      <a href="/" className="btn-primary mt-8">
        Go to Homepage
      </a>
    </main>
  );
}
