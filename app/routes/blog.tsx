import { data, isRouteErrorResponse } from "react-router";
import { Link } from "#app/components/ui/link.tsx";
import { PageMessage } from "#app/components/ui/page-message.tsx";
import { Pagination } from "#app/features/blog/pagination.tsx";
import { homepageTexts } from "#app/features/home/home-sections.tsx";
import { PostCard } from "#app/features/home/post-card.tsx";
import { NotFoundPage } from "#app/features/layout/not-found-page.tsx";
import { FALLBACK_CATEGORIES } from "#app/lib/fallback-categories.ts";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { STATIC_PAGE } from "#app/lib/static-page.ts";
import { useRootData } from "#app/root.tsx";
import { POST_PAGE_SIZE } from "#common/limits.ts";
import { siteServicesContext } from "#common/site-context.ts";
import type { Route } from "./+types/blog";

function readQuery(url: URL) {
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    page: Number.isFinite(page) && page > 0 ? page : 1,
    search: (url.searchParams.get("search") ?? "").slice(0, 200),
    category: (url.searchParams.get("category") ?? "").slice(0, 200),
    tag: (url.searchParams.get("tag") ?? "").slice(0, 200),
  };
}

const LOAD_FAILED = "Failed to load blog posts. Please try again later.";

/** Server-rendered only: no React in the browser (decision 034). */
export const handle = STATIC_PAGE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = context.get(siteServicesContext);
  const query = readQuery(new URL(request.url));
  const categories = await site.categories.listCategories().catch(() => FALLBACK_CATEGORIES);
  let list: Awaited<ReturnType<typeof site.posts.listPublicPosts>>;
  try {
    list = await site.posts.listPublicPosts({
      ...query,
      limit: POST_PAGE_SIZE.blog,
      contentPreview: 500,
    });
  } catch (error) {
    console.error("blog: failed to load posts", error);
    return data(
      { ok: false as const, query, categories, posts: [], count: 0, totalPages: 1, page: 1 },
      { status: 500 },
    );
  }
  // A page past the last ("Page 99 of 2") is no page of the blog: the site's 404.
  if (query.page > list.totalPages)
    throw new Response(null, { status: 404, statusText: "Not Found" });
  // A category or tag the site does not have lists nothing, as the spec's empty
  // state says; it is kept out of search engines, so made-up addresses (and
  // their text) are not indexed as pages of the site.
  const tag = query.tag
    ? await site.categories.listTags().then(
        (tags) => tags.find((t) => t.slug === query.tag)?.name ?? null,
        () => query.tag,
      )
    : null;
  const unknownFilter =
    (query.tag !== "" && tag === null) ||
    (query.category !== "" &&
      categories !== FALLBACK_CATEGORIES &&
      !categories.some((c) => c.slug === query.category));
  return { ok: true as const, query, categories, tag, unknownFilter, ...list };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <PageMessage alert link={{ to: "/blog", label: "Try Again" }}>
      {LOAD_FAILED}
    </PageMessage>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const q = loaderData?.query;
  const params = new URLSearchParams();
  if (q?.category) params.set("category", q.category);
  if (q?.tag) params.set("tag", q.tag);
  if (q && q.page > 1) params.set("page", String(q.page));
  const path = `/blog${params.size ? `?${params}` : ""}`;
  const root = rootFromMatches(matches);
  const category = q?.category
    ? loaderData?.categories.find((c) => c.slug === q.category)?.name
    : undefined;
  // The blog's own subtitle (a setting with the spec's fallback) says what the list is.
  const subtitle = homepageTexts(root?.settings.homepage).blogSubtitle;
  const unknown = loaderData?.ok ? loaderData.unknownFilter : false;
  const tag = loaderData?.ok ? loaderData.tag : null;
  const filter = category ? `Posts in ${category}` : tag ? `Posts tagged #${tag}` : "";
  return pageMeta({
    title: "Blog",
    description: filter && !unknown ? `${filter}: ${subtitle}` : subtitle,
    root,
    path: unknown ? "/blog" : path,
    noindex: !!q?.search || unknown,
  });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { query, categories } = loaderData;
  const texts = homepageTexts(useRootData()?.settings.homepage);
  const href = (changes: Partial<typeof query>) => {
    const next = { ...query, ...changes };
    const params = new URLSearchParams();
    if (next.search) params.set("search", next.search);
    if (next.category) params.set("category", next.category);
    if (next.tag) params.set("tag", next.tag);
    if (next.page > 1) params.set("page", String(next.page));
    return `/blog${params.size ? `?${params}` : ""}`;
  };
  const activeTag = query.tag;
  const chip = (active: boolean) =>
    `rounded-full px-4 py-1.5 text-sm font-medium ${
      active
        ? "bg-brand-strong text-white"
        : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
    }`;

  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-bold">Blog</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{texts.blogSubtitle}</p>

      {/* A static page (decision 034): a plain GET form, no router to hand it to. */}
      <search className="mt-8 block max-w-xl">
        <form method="get" action="/blog" className="flex gap-2">
          <label htmlFor="blog-search" className="sr-only">
            Search posts
          </label>
          <input
            id="blog-search"
            type="search"
            name="search"
            defaultValue={query.search}
            key={query.search}
            placeholder="Search posts..."
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
          />
          {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
          {query.tag ? <input type="hidden" name="tag" value={query.tag} /> : null}
          <button type="submit" className="btn-primary">
            Search
          </button>
        </form>
      </search>

      <nav aria-label="Categories" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to={href({ category: "", page: 1 })}
              className={chip(!query.category)}
              aria-current={!query.category ? "page" : undefined}
            >
              All
            </Link>
          </li>
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={href({ category: category.slug, page: 1 })}
                className={chip(query.category === category.slug)}
                aria-current={query.category === category.slug ? "page" : undefined}
              >
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {activeTag ? (
        <p className="mt-4 text-sm">
          Tagged <strong>#{activeTag}</strong> ·{" "}
          <Link to={href({ tag: "", page: 1 })} className="link">
            Clear tag
          </Link>
        </p>
      ) : null}

      <div className="mt-10">
        {!loaderData.ok ? (
          <div role="alert" className="py-12 text-center">
            <p className="text-slate-700 dark:text-slate-200">{LOAD_FAILED}</p>
            <a href={href({})} className="btn-primary mt-6">
              Try Again
            </a>
          </div>
        ) : loaderData.posts.length === 0 ? (
          <p className="py-12 text-center text-slate-600 dark:text-slate-300">
            No posts found matching your criteria.
          </p>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.posts.map((post, i) => (
              <PostCard
                key={post.id}
                post={post}
                readMore={texts.blogReadMoreText}
                headingLevel={2}
                priority={i === 0}
              />
            ))}
          </div>
        )}
      </div>
      <Pagination
        page={loaderData.page}
        totalPages={loaderData.totalPages}
        hrefFor={(page) => href({ page })}
      />
    </div>
  );
}
