import { Link } from "#app/components/ui/link.tsx";
import { LinkTarget, targetName } from "#app/components/ui/link-target.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import type { HomepageSettings, SiteSettings } from "#common/settings.ts";

export function Hero({
  texts,
  appearance,
}: {
  texts: HomepageSettings;
  appearance: SiteSettings["appearance"];
}) {
  const banner = appearance.showBanner && appearance.bannerImage ? appearance.bannerImage : "";
  const primary = texts.primaryButtonUrl || "/about";
  const secondary = texts.secondaryButtonUrl || "/contact";
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-slate-900 text-white"
    >
      {banner ? (
        <ResponsiveImage
          src={banner}
          alt=""
          width={1600}
          height={600}
          sizes="100vw"
          fetchPriority="high"
          className="absolute inset-0 h-full w-full object-cover opacity-40"
        />
      ) : (
        <div
          aria-hidden
          className="absolute inset-0 bg-gradient-to-br from-slate-900 via-slate-800 to-brand-strong"
        />
      )}
      <div className="relative mx-auto max-w-6xl px-4 py-24 md:py-32">
        <h1
          id="hero-title"
          className="max-w-3xl text-4xl font-extrabold tracking-tight md:text-5xl"
        >
          {texts.heroTitle}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-100">{texts.heroSubtitle}</p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link to={primary} className="btn-primary">
            {texts.heroButtonText}
            <LinkTarget text={texts.heroButtonText} target={targetName(primary)} />
          </Link>
          <Link
            to={secondary}
            className="btn border border-white text-white hover:bg-white hover:text-slate-900"
          >
            {texts.heroSecondaryButtonText}
            <LinkTarget text={texts.heroSecondaryButtonText} target={targetName(secondary)} />
          </Link>
        </div>
      </div>
    </section>
  );
}
