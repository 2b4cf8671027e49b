import type { ReactNode } from "react";
import { Link } from "#app/components/ui/link.tsx";
import { LinkTarget, targetName } from "#app/components/ui/link-target.tsx";
import type { AboutSettings } from "#common/settings.ts";
import type { TeamMember } from "#common/types.ts";
import { TeamList } from "./team-list.tsx";

/** A text's paragraphs: a blank line starts a new one; single line breaks stay. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <div className={`space-y-3 text-slate-700 dark:text-slate-200 ${className ?? ""}`}>
      {paragraphsOf(text).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a text never move
        <p key={index} className="whitespace-pre-line leading-relaxed">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

/** One band of the page; shaded bands alternate with plain ones. */
function Band({
  shaded,
  labelledBy,
  children,
}: {
  shaded: boolean;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={shaded ? "bg-slate-50 py-16 dark:bg-slate-900" : "py-16"}
    >
      {children}
    </section>
  );
}

/**
 * The About page from the `about` settings and the published team: each part
 * only when it has something to show, so no heading stands over nothing.
 */
export function AboutPage({
  about,
  team,
  teamFailed,
}: {
  about: AboutSettings;
  team: readonly TeamMember[];
  /** The team could not be loaded: the section says so instead of listing members. */
  teamFailed: boolean;
}) {
  const mission = about.mission.trim();
  const vision = about.vision.trim();
  const history = about.history.trim();
  const values = about.values.filter((value) => value.title.trim());
  const cta = about.ctaText.trim();
  const ctaUrl = about.ctaUrl.trim() || "/contact";

  const bands: ReactNode[] = [];
  const shaded = () => bands.length % 2 === 1;

  if (mission || vision) {
    bands.push(
      <Band key="mission" shaded={shaded()}>
        <div
          className={`mx-auto grid gap-8 px-4 ${mission && vision ? "max-w-6xl md:grid-cols-2" : "max-w-4xl"}`}
        >
          {[
            { key: "mission", title: about.missionTitle, text: mission },
            { key: "vision", title: about.visionTitle, text: vision },
          ].map(({ key, title, text }) =>
            text ? (
              <div key={key}>
                <h2 className="text-2xl font-semibold">{title}</h2>
                <Paragraphs text={text} className="mt-3" />
              </div>
            ) : null,
          )}
        </div>
      </Band>,
    );
  }
  if (history) {
    bands.push(
      <Band key="history" shaded={shaded()} labelledBy="history-title">
        <div className="mx-auto max-w-4xl px-4">
          <h2 id="history-title" className="text-2xl font-semibold">
            {about.historyTitle}
          </h2>
          <Paragraphs text={history} className="mt-3" />
        </div>
      </Band>,
    );
  }
  if (values.length) {
    bands.push(
      <Band key="values" shaded={shaded()} labelledBy="values-title">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="values-title" className="text-center text-3xl font-bold">
            {about.valuesTitle}
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {values.map((value, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: two values may share a title
                key={index}
                className="rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-800"
              >
                <h3 className="text-xl font-semibold">{value.title}</h3>
                {value.text.trim() ? (
                  <p className="mt-2 text-slate-700 dark:text-slate-200">{value.text}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      </Band>,
    );
  }
  if (team.length || teamFailed) {
    bands.push(
      <Band key="team" shaded={shaded()} labelledBy="team-title">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="team-title" className="text-center text-3xl font-bold">
            {about.teamTitle}
          </h2>
          {teamFailed ? (
            <p role="alert" className="mt-6 text-center text-slate-700 dark:text-slate-200">
              Failed to load the team. Please try again later.
            </p>
          ) : (
            <TeamList members={team} />
          )}
        </div>
      </Band>,
    );
  }

  return (
    <div>
      <section className="bg-slate-50 py-16 dark:bg-slate-900">
        <div className="mx-auto max-w-4xl px-4 text-center">
          <h1 className="text-4xl font-bold">{about.title}</h1>
          {about.intro.trim() ? (
            <p className="mt-4 text-lg whitespace-pre-line text-slate-700 dark:text-slate-200">
              {about.intro.trim()}
            </p>
          ) : null}
        </div>
      </section>
      {bands}
      {cta ? (
        <div className="px-4 py-12 text-center">
          <Link to={ctaUrl} className="btn-primary">
            {cta}
            <LinkTarget text={cta} target={targetName(ctaUrl)} />
          </Link>
        </div>
      ) : null}
    </div>
  );
}
