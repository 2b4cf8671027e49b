import { targetName } from "#app/components/ui/link-target.tsx";
import type { HomepageSettings } from "#common/settings.ts";
import type { PostSummary } from "#common/types.ts";
import { ListSection } from "./list-section.tsx";
import { PostCard } from "./post-card.tsx";

export function LatestPosts({ texts, posts }: { texts: HomepageSettings; posts: PostSummary[] }) {
  const viewAll = texts.blogViewAllUrl || "/blog";
  return (
    <ListSection
      id="blog-title"
      title={texts.blogTitle}
      subtitle={texts.blogSubtitle}
      empty={posts.length === 0 ? "No blog posts available at the moment." : null}
      link={{ to: viewAll, text: texts.blogViewAllText, target: targetName(viewAll) }}
    >
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {posts.map((post) => (
          <PostCard key={post.id} post={post} readMore={texts.blogReadMoreText} />
        ))}
      </div>
    </ListSection>
  );
}
