import { data, redirect } from "react-router";
import { PageMessage } from "#app/components/ui/page-message.tsx";
import { PostArticle } from "#app/features/blog/post-article.tsx";
import { homepageTexts } from "#app/features/home/home-sections.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { STATIC_PAGE } from "#app/lib/static-page.ts";
import { useRootData } from "#app/root.tsx";
import { POST_VIEW_HEADER, siteServicesContext } from "#common/site-context.ts";
import { stripHtml, truncate } from "#common/text.ts";
import type { Route } from "./+types/blog-post";

/** Server-rendered only: no React in the browser (decision 034). */
export const handle = STATIC_PAGE;

export async function loader({ params, context }: Route.LoaderArgs) {
  const site = context.get(siteServicesContext);
  try {
    const post = await site.posts.getPublicPostBySlug(params.slug, { countView: true });
    if (!post) {
      const moved = await site.posts.findPostRedirect(params.slug);
      if (moved) throw redirect(`/blog/${moved}`, 301);
      return data({ state: "not-found" as const, post: null, related: [] }, { status: 404 });
    }
    const related = await site.posts
      .listRelatedPosts(
        post.id,
        post.categories.map((c) => c.id),
        3,
        { contentPreview: 500 },
      )
      .catch(() => []);
    // Tells the page cache which post a stored copy of this page counts a view for.
    return data(
      { state: "ok" as const, post, related },
      { headers: { [POST_VIEW_HEADER]: String(post.id) } },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("blog post: failed to load", error);
    return data({ state: "error" as const, post: null, related: [] }, { status: 500 });
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const view = loaderHeaders.get(POST_VIEW_HEADER);
  return view ? { [POST_VIEW_HEADER]: view } : new Headers();
}

export function meta({ matches, loaderData: loaded, params }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const post = loaded?.post;
  if (!post) {
    return pageMeta({
      title: "Post not found",
      root,
      path: `/blog/${params.slug}`,
      noindex: true,
      extra: [{ httpEquiv: "refresh", content: "3; url=/blog" }],
    });
  }
  return pageMeta({
    title: post.meta_title || post.title,
    description: post.meta_description || post.excerpt || truncate(stripHtml(post.content), 160),
    image: post.og_image || post.featured_image,
    root,
    path: `/blog/${post.slug}`,
    type: "article",
    extra: [
      ...(post.published_at
        ? [{ property: "article:published_time", content: post.published_at }]
        : []),
      { property: "article:modified_time", content: post.updated_at },
      ...post.tags.map((t) => ({ property: "article:tag", content: t.name })),
    ],
  });
}

/** "Taking you back to the blog...": the page's refresh (its meta) goes there after three seconds. */
function NotFound() {
  return (
    <PageMessage
      title="Post Not Found"
      note="Taking you back to the blog..."
      link={{ to: "/blog", label: "Return to Blog" }}
    >
      The post you are looking for does not exist.
    </PageMessage>
  );
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const texts = homepageTexts(root?.settings.homepage);
  if (loaderData.state === "not-found") return <NotFound />;
  if (loaderData.state === "error" || !loaderData.post) {
    return (
      <PageMessage alert link={{ to: "/blog", label: "Return to Blog" }}>
        Failed to load blog post. Please try again later.
      </PageMessage>
    );
  }
  return <PostArticle post={loaderData.post} related={loaderData.related} texts={texts} />;
}
