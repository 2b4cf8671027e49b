import { Breadcrumb } from "#app/components/ui/breadcrumb.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { absoluteUrl, JsonLd } from "#app/components/ui/json-ld.tsx";
import { Link } from "#app/components/ui/link.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { PostCard } from "#app/features/home/post-card.tsx";
import { useRootData } from "#app/root.tsx";
import type { HomepageSettings } from "#common/settings.ts";
import { formatDate, stripHtml, truncate, viewsText } from "#common/text.ts";
import type { Post, PostSummary } from "#common/types.ts";

/**
 * The page may come from the page cache, whose copy shows the count when it
 * was rendered: once in the browser, the count of now replaces it
 * (`app/enhance/view-count.ts`).
 */
function ViewCount({ postId, initial }: { postId: number; initial: number }) {
  return (
    <p className="mt-1" data-testid="view-count" data-enhance="view-count" data-post-id={postId}>
      {viewsText(initial)}
    </p>
  );
}
/**
 * A post as the public post page shows it (`/blog/{slug}`): also the body of
 * a draft's preview page (`/preview/{secret}`), which shows no view count.
 */
export function PostArticle({
  post,
  related,
  texts,
  preview = false,
}: {
  post: Post;
  related: PostSummary[];
  texts: HomepageSettings;
  preview?: boolean;
}) {
  const root = useRootData();
  const url = `${root?.origin ?? ""}/blog/${post.slug}`;
  const share = [
    {
      name: "Facebook",
      icon: "facebook",
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    },
    {
      name: "Twitter",
      icon: "twitter",
      href: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(post.title)}`,
    },
    {
      name: "LinkedIn",
      icon: "linkedin",
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    },
  ];
  const date = post.published_at ?? post.created_at;

  const origin = root?.origin ?? "";
  const image = absoluteUrl(post.og_image || post.featured_image, origin);
  const posting = {
    "@type": "BlogPosting",
    headline: post.title,
    description: post.meta_description || post.excerpt || truncate(stripHtml(post.content), 160),
    mainEntityOfPage: url,
    url,
    datePublished: post.published_at,
    dateModified: post.updated_at,
    author: { "@type": "Person", name: post.author.name },
    publisher: {
      "@type": "Organization",
      name: root?.settings.general.siteTitle || "Company Profile",
    },
    ...(image ? { image } : {}),
    keywords: post.tags.map((t) => t.name).join(", "),
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <JsonLd data={posting} />
      <Breadcrumb
        origin={origin}
        items={[
          { name: "Home", path: "/" },
          { name: "Blog", path: "/blog" },
          { name: post.title, path: `/blog/${post.slug}` },
        ]}
      />
      <div className="mt-6 grid gap-10 lg:grid-cols-3">
        <article className="lg:col-span-2">
          <header>
            <h1 className="text-3xl font-bold md:text-4xl">{post.title}</h1>
            <p className="mt-3 text-slate-600 dark:text-slate-300">
              By{" "}
              <span className="font-medium text-slate-900 dark:text-slate-100">
                {post.author.name}
              </span>{" "}
              · <time dateTime={date}>{formatDate(date)}</time>
            </p>
            {post.categories.length ? (
              <ul className="mt-3 flex flex-wrap gap-2" aria-label="Categories">
                {post.categories.map((c) => (
                  <li key={c.id}>
                    <Link
                      to={`/blog?category=${c.slug}`}
                      className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100"
                    >
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </header>
          {post.featured_image ? (
            <ResponsiveImage
              src={post.featured_image}
              alt={post.featured_image_alt || post.title}
              width={1200}
              height={630}
              sizes="(min-width: 1024px) 760px, 100vw"
              fetchPriority="high"
              className="mt-6 aspect-[1200/630] w-full rounded-xl object-cover"
            />
          ) : null}
          <div className="prose-content mt-8" dangerouslySetInnerHTML={{ __html: post.content }} />
        </article>
        <aside className="space-y-8" aria-label="About this post">
          <section>
            <h2 className="text-lg font-semibold">Categories</h2>
            <ul className="mt-2 space-y-1">
              {post.categories.map((c) => (
                <li key={c.id}>
                  <Link to={`/blog?category=${c.slug}`} className="link">
                    {c.name}
                  </Link>
                </li>
              ))}
              {post.categories.length === 0 ? (
                <li className="text-slate-600 dark:text-slate-300">Uncategorised</li>
              ) : null}
            </ul>
          </section>
          {post.tags.length ? (
            <section>
              <h2 className="text-lg font-semibold">Tags</h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {post.tags.map((t) => (
                  <li key={t.id}>
                    <Link
                      to={`/blog?tag=${t.slug}`}
                      className="rounded bg-slate-100 px-2 py-1 text-sm text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100"
                    >
                      #{t.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {preview ? null : (
            <section>
              <h2 className="text-lg font-semibold">Views</h2>
              <ViewCount key={post.id} postId={post.id} initial={post.views} />
            </section>
          )}
          <section>
            <h2 className="text-lg font-semibold">Share</h2>
            <ul className="mt-2 flex gap-2">
              {share.map((s) => (
                <li key={s.name}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Share on ${s.name}`}
                    className="inline-flex rounded-full bg-slate-100 p-2 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100"
                  >
                    <Icon name={s.icon} width={20} height={20} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
      {related.length ? (
        <section aria-labelledby="related-title" className="mt-16">
          <h2 id="related-title" className="text-2xl font-bold">
            Related Posts
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-3">
            {related.map((r) => (
              <PostCard key={r.id} post={r} readMore={texts.blogReadMoreText} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
