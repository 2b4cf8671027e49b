import { data } from "react-router";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import { organizationData } from "#app/features/contact/organization.ts";
import { Hero } from "#app/features/home/hero.tsx";
import {
  AboutSection,
  CallToAction,
  homepageTexts,
  LoadError,
} from "#app/features/home/home-sections.tsx";
import { LatestPosts } from "#app/features/home/latest-posts.tsx";
import { ServicesGrid } from "#app/features/home/services-grid.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { STATIC_PAGE } from "#app/lib/static-page.ts";
import { useRootData } from "#app/root.tsx";
import { siteServicesContext } from "#common/site-context.ts";
import type { Route } from "./+types/home";

/** Server-rendered only: no React in the browser (decision 034). */
export const handle = STATIC_PAGE;

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteServicesContext);
  try {
    const [services, posts] = await Promise.all([
      site.services.listServices(),
      site.posts.listLatestPosts(3, { contentPreview: 500 }),
    ]);
    return { ok: true as const, services, posts };
  } catch (error) {
    console.error("home: failed to load", error);
    return data({ ok: false as const, services: [], posts: [] }, { status: 500 });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Home", home: true, root: rootFromMatches(matches), path: "/" });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  if (!loaderData.ok || !root) return <LoadError />;
  const texts = homepageTexts(root.settings.homepage);
  const nothing = loaderData.services.length === 0 && loaderData.posts.length === 0;
  const organization = organizationData(root.settings, root.origin);
  return (
    <>
      <JsonLd data={organization} />
      <Hero texts={texts} appearance={root.settings.appearance} />
      {nothing ? (
        <p className="mx-auto max-w-6xl px-4 pt-10 text-center text-slate-600 dark:text-slate-300">
          No content available from database.
        </p>
      ) : null}
      <ServicesGrid texts={texts} services={loaderData.services} />
      <AboutSection texts={texts} />
      <LatestPosts texts={texts} posts={loaderData.posts} />
      {texts.showCta ? <CallToAction texts={texts} /> : null}
    </>
  );
}
