import { Link } from "react-router";
import {
  HOMEPAGE_FALLBACKS,
  type HomepageSettings,
  type SiteSettings,
} from "../../../common/settings.ts";
import { excerptOf, formatDate } from "../../../common/text.ts";
import type { PostSummary, Service } from "../../../common/types.ts";
import { Icon } from "../../components/ui/icons.tsx";
import { LinkTarget, targetName } from "../../components/ui/link-target.tsx";
import { ResponsiveImage } from "../../components/ui/responsive-image.tsx";

/** Each homepage text from settings, else the spec's fallback. */
export function homepageTexts(homepage: Partial<HomepageSettings> | undefined): HomepageSettings {
  const result = { ...HOMEPAGE_FALLBACKS };
  for (const key of Object.keys(HOMEPAGE_FALLBACKS) as (keyof HomepageSettings)[]) {
    const value = homepage?.[key];
    if (
      Array.isArray(value) ? value.length > 0 : typeof value === "string" && value.trim() !== ""
    ) {
      (result as Record<string, unknown>)[key] = value;
    }
  }
  return result;
}

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

export function ServicesGrid({
  texts,
  services,
}: {
  texts: HomepageSettings;
  services: Service[];
}) {
  return (
    <section aria-labelledby="services-title" className="bg-slate-50 py-20 dark:bg-slate-900">
      <div className="mx-auto max-w-6xl px-4">
        <div className="text-center">
          <h2 id="services-title" className="text-3xl font-bold">
            {texts.servicesTitle}
          </h2>
          <p className="mt-3 text-slate-600 dark:text-slate-300">{texts.servicesSubtitle}</p>
        </div>
        {services.length === 0 ? (
          <p className="mt-10 text-center text-slate-600 dark:text-slate-300">
            No services available at the moment.
          </p>
        ) : (
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <li
                key={service.id}
                className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-800"
              >
                <span className="inline-flex rounded-lg bg-slate-100 p-3 text-brand-strong dark:bg-slate-900 dark:text-brand-light">
                  <Icon name={service.icon} />
                </span>
                <h3 className="mt-4 text-xl font-semibold">
                  <Link to={`/services/${service.slug}`} className="hover:underline">
                    {service.title}
                  </Link>
                </h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{service.description}</p>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-10 text-center">
          <Link to="/services" className="btn-outline">
            {texts.servicesButtonText}
            <LinkTarget text={texts.servicesButtonText} target="Services" />
          </Link>
        </div>
      </div>
    </section>
  );
}

export function AboutSection({ texts }: { texts: HomepageSettings }) {
  const secondary = texts.aboutSecondaryContent || texts.aboutDescription;
  const more = texts.aboutLinkUrl || "/about";
  const moreText = texts.aboutLinkText || texts.aboutButtonText;
  return (
    <section aria-labelledby="about-title" className="py-20">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 md:grid-cols-2">
        <div>
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
        {texts.aboutImage ? (
          <img
            src={texts.aboutImage}
            alt={texts.aboutTitle}
            width={800}
            height={600}
            loading="lazy"
            className="aspect-[4/3] w-full rounded-xl object-cover"
          />
        ) : (
          <div
            aria-hidden
            className="aspect-[4/3] w-full rounded-xl bg-gradient-to-br from-slate-200 to-slate-100 dark:from-slate-800 dark:to-slate-900"
          />
        )}
      </div>
    </section>
  );
}

export function PostCard({
  post,
  readMore,
  headingLevel = 3,
  priority = false,
}: {
  post: PostSummary;
  readMore: string;
  /** h2 where the card sits right under the page's h1 (the blog list). */
  headingLevel?: 2 | 3;
  /** The first card of the blog list: its image is the page's largest paint on phones. */
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-800">
      {post.featured_image ? (
        <ResponsiveImage
          src={post.featured_image}
          alt={post.featured_image_alt || post.title}
          width={600}
          height={315}
          sizes="(min-width: 1024px) 380px, (min-width: 768px) 50vw, 100vw"
          {...(priority ? { fetchPriority: "high" } : { loading: "lazy" })}
          className="aspect-[1200/630] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <time dateTime={post.published_at ?? post.created_at}>
            {formatDate(post.published_at ?? post.created_at)}
          </time>
          {post.categories[0] ? ` · ${post.categories[0].name}` : ""}
        </p>
        <Heading className="mt-2 text-lg font-semibold">
          <Link to={`/blog/${post.slug}`} className="hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-slate-600 dark:text-slate-300">{excerptOf(post, 120)}</p>
        <Link
          to={`/blog/${post.slug}`}
          className="link mt-4 inline-flex items-center gap-1 font-medium"
        >
          {readMore}
          <LinkTarget target={post.title} joiner="about" />
          <Icon name="arrowRight" width={16} height={16} />
        </Link>
      </div>
    </article>
  );
}

export function LatestPosts({ texts, posts }: { texts: HomepageSettings; posts: PostSummary[] }) {
  return (
    <section aria-labelledby="blog-title" className="bg-slate-50 py-20 dark:bg-slate-900">
      <div className="mx-auto max-w-6xl px-4">
        <div className="text-center">
          <h2 id="blog-title" className="text-3xl font-bold">
            {texts.blogTitle}
          </h2>
          <p className="mt-3 text-slate-600 dark:text-slate-300">{texts.blogSubtitle}</p>
        </div>
        {posts.length === 0 ? (
          <p className="mt-10 text-center text-slate-600 dark:text-slate-300">
            No blog posts available at the moment.
          </p>
        ) : (
          <div className="mt-12 grid gap-6 md:grid-cols-3">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} readMore={texts.blogReadMoreText} />
            ))}
          </div>
        )}
        <div className="mt-10 text-center">
          <Link to={texts.blogViewAllUrl || "/blog"} className="btn-outline">
            {texts.blogViewAllText}
            <LinkTarget
              text={texts.blogViewAllText}
              target={targetName(texts.blogViewAllUrl || "/blog")}
            />
          </Link>
        </div>
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
