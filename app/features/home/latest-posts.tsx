import { Link } from "react-router";
import { LinkTarget, targetName } from "#app/components/ui/link-target.tsx";
import type { HomepageSettings } from "#common/settings.ts";
import type { PostSummary } from "#common/types.ts";
import { PostCard } from "./post-card.tsx";

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
