import { Link } from "#app/components/ui/link.tsx";
import { LinkTarget, targetName } from "#app/components/ui/link-target.tsx";
import { HOMEPAGE_FALLBACKS, type HomepageSettings } from "#common/settings.ts";

/** Each homepage text from settings, else the spec's fallback. */
export function homepageTexts(homepage: Partial<HomepageSettings> | undefined): HomepageSettings {
  const result = { ...HOMEPAGE_FALLBACKS };
  for (const key of Object.keys(HOMEPAGE_FALLBACKS) as (keyof HomepageSettings)[]) {
    const value = homepage?.[key];
    if (
      typeof value === "boolean" ||
      (Array.isArray(value) ? value.length > 0 : typeof value === "string" && value.trim() !== "")
    ) {
      (result as Record<string, unknown>)[key] = value;
    }
  }
  return result;
}

export function AboutSection({ texts }: { texts: HomepageSettings }) {
  const secondary = texts.aboutSecondaryContent || texts.aboutDescription;
  const more = texts.aboutLinkUrl || "/about";
  const moreText = texts.aboutLinkText || texts.aboutButtonText;
  const image = texts.aboutImage;
  // Without an image the text takes the whole width (no empty picture box).
  return (
    <section aria-labelledby="about-title" className="py-20">
      <div
        className={`mx-auto grid max-w-6xl items-center gap-10 px-4 ${image ? "md:grid-cols-2" : ""}`}
      >
        <div className={image ? undefined : "max-w-3xl"}>
          <h2 id="about-title" className="text-3xl font-bold">
            {texts.aboutTitle}
          </h2>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-200">{texts.aboutContent}</p>
          {secondary ? (
            <p className="mt-4 text-slate-600 dark:text-slate-300">{secondary}</p>
          ) : null}
          {texts.aboutBullets.length ? (
            <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-600 dark:text-slate-300">
              {texts.aboutBullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </ul>
          ) : null}
          <Link to={more} className="btn-primary mt-8">
            {moreText}
            <LinkTarget text={moreText} target={targetName(more)} />
          </Link>
        </div>
        {image ? (
          <img
            src={image}
            alt={texts.aboutTitle}
            width={800}
            height={600}
            loading="lazy"
            className="aspect-[4/3] w-full rounded-xl object-cover"
          />
        ) : null}
      </div>
    </section>
  );
}

export function CallToAction({ texts }: { texts: HomepageSettings }) {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-strong py-16 text-white">
      <div className="mx-auto max-w-4xl px-4 text-center">
        <h2 id="cta-title" className="text-3xl font-bold">
          {texts.ctaTitle}
        </h2>
        <p className="mt-3 text-lg">{texts.ctaSubtitle}</p>
        {texts.ctaDescription ? <p className="mt-2">{texts.ctaDescription}</p> : null}
        <Link
          to={texts.ctaButtonUrl || "/contact"}
          className="btn mt-8 bg-white text-slate-900 hover:bg-slate-100"
        >
          {texts.ctaButtonText}
          <LinkTarget
            text={texts.ctaButtonText}
            target={targetName(texts.ctaButtonUrl || "/contact")}
          />
        </Link>
      </div>
    </section>
  );
}

export function LoadError() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
      <h1 className="text-2xl font-bold">Error Loading Content</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        Failed to load data from the database. Please ensure the server is running and try again.
      </p>
    </div>
  );
}
