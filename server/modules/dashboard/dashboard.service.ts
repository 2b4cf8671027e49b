import { type Actor, can } from "../../../common/permissions.ts";
import { requirePermission } from "../../auth/policy.ts";
import type { Db } from "../../db/client.ts";
import { nowIso, toCount } from "../../db/normalize.ts";
import type { ContactService } from "../contact/contact.service.ts";
import type { PostsService } from "../posts/posts.service.ts";
import { isLive, postsAuthorScope } from "../posts/visibility.ts";

export function createDashboardService(db: Db, posts: PostsService, contact: ContactService) {
  /** Counts and recent items for the admin dashboard, limited to what the role may see. */
  async function getDashboard(actor: Actor | null) {
    requirePermission(actor, "admin:access");
    const now = nowIso();
    const own = postsAuthorScope(actor);
    let postQuery = db.selectFrom("posts");
    if (own !== undefined) postQuery = postQuery.where("posts.author_id", "=", own);
    const [postCounts, users, recent, messages] = await Promise.all([
      postQuery
        .select((eb) => [
          eb.fn.countAll<number>().as("total"),
          eb.fn
            .count<number>(
              eb
                .case()
                .when(eb("status", "=", "draft"))
                .then(1)
                .end(),
            )
            .as("drafts"),
          eb.fn.count<number>(eb.case().when(isLive(eb, now)).then(1).end()).as("published"),
        ])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow(),
      posts.listPosts(actor, { status: "all", limit: 5 }),
      can(actor, "messages:manage")
        ? contact.listContactMessages(actor, { limit: 3 })
        : Promise.resolve(null),
    ]);
    const total = toCount(postCounts.total);
    const drafts = toCount(postCounts.drafts);
    const published = toCount(postCounts.published);
    return {
      counts: {
        posts: total,
        published,
        drafts,
        scheduled: total - drafts - published,
        users: toCount(users.count),
        messages: messages?.count ?? 0,
        unreadMessages: messages?.unread ?? 0,
      },
      recentPosts: recent.posts,
      recentMessages: messages?.messages ?? [],
    };
  }

  return { getDashboard };
}
