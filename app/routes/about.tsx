import { data } from "react-router";
import { absoluteUrl, JsonLd } from "#app/components/ui/json-ld.tsx";
import { AboutPage } from "#app/features/about/about-page.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { STATIC_PAGE } from "#app/lib/static-page.ts";
import { useRootData } from "#app/root.tsx";
import { DEFAULT_SETTINGS } from "#common/settings.ts";
import { siteServicesContext } from "#common/site-context.ts";
import { truncate } from "#common/text.ts";
import type { Route } from "./+types/about";

/** Server-rendered only: no React in the browser (decision 034). */
export const handle = STATIC_PAGE;

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return {
      ok: true as const,
      team: await context.get(siteServicesContext).team.listPublicTeamMembers(),
    };
  } catch (error) {
    // The page still shows its texts (they come with the settings); never stored.
    console.error("about: failed to load the team", error);
    return data({ ok: false as const, team: [] }, { status: 500 });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const intro = root?.settings.about?.intro.replace(/\s+/g, " ").trim() ?? "";
  return pageMeta({
    title: "About",
    description: intro ? truncate(intro, 160) : "Our mission, vision, history, values and team.",
    root,
    path: "/about",
  });
}

export default function About({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const about = root?.settings.about ?? DEFAULT_SETTINGS.about;
  const general = root?.settings.general;
  const origin = root?.origin ?? "";
  const organization = {
    "@type": "Organization",
    name: general?.siteTitle || "Company Profile",
    url: `${origin}/`,
    ...(general?.logoUrl ? { logo: absoluteUrl(general.logoUrl, origin) } : {}),
    ...(loaderData.team.length
      ? {
          employee: loaderData.team.map((member) => ({
            "@type": "Person",
            name: member.name,
            ...(member.role ? { jobTitle: member.role } : {}),
            ...(member.photo_url ? { image: absoluteUrl(member.photo_url, origin) } : {}),
            ...(member.email ? { email: member.email } : {}),
            ...(member.linkedin_url ? { sameAs: [member.linkedin_url] } : {}),
          })),
        }
      : {}),
  };
  return (
    <>
      <JsonLd
        data={{
          "@type": "AboutPage",
          name: about.title,
          url: `${origin}/about`,
          mainEntity: organization,
        }}
      />
      <AboutPage about={about} team={loaderData.team} teamFailed={!loaderData.ok} />
    </>
  );
}
