import { Icon } from "#app/components/ui/icons.tsx";
import { Link } from "#app/components/ui/link.tsx";
import { LinkTarget } from "#app/components/ui/link-target.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { excerptOf, formatDate } from "#common/text.ts";
import type { PostSummary } from "#common/types.ts";

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
