import { type Actor, can } from "#common/permissions.ts";
import { requirePermission } from "#server/auth/policy.ts";
import type { Db } from "#server/db/client.ts";
import { nowIso } from "#server/db/normalize.ts";
import type { ContactService } from "#server/modules/contact/contact.service.ts";
import { countPostsByState } from "#server/modules/posts/posts.repository.ts";
import type { PostsService } from "#server/modules/posts/posts.service.ts";
import { postsAuthorScope } from "#server/modules/posts/visibility.ts";
import { countUsers } from "#server/modules/users/users.repository.ts";

export function createDashboardService(db: Db, posts: PostsService, contact: ContactService) {
  /** Counts and recent items for the admin dashboard, limited to what the role may see. */
  async function getDashboard(actor: Actor | null) {
    requirePermission(actor, "admin:access");
    const now = nowIso();
    const [postCounts, users, recent, messages] = await Promise.all([
      countPostsByState(db, now, postsAuthorScope(actor)),
      countUsers(db),
      posts.listPosts(actor, { status: "all", limit: 5 }),
      can(actor, "messages:manage")
        ? contact.listContactMessages(actor, { limit: 3 })
        : Promise.resolve(null),
    ]);
    const { total, drafts, published } = postCounts;
    return {
      counts: {
        posts: total,
        published,
        drafts,
        scheduled: total - drafts - published,
        users,
        messages: messages?.count ?? 0,
        unreadMessages: messages?.unread ?? 0,
      },
      recentPosts: recent.posts,
      recentMessages: messages?.messages ?? [],
      // For those who read the messages: whether new ones reach anyone by mail.
      ...(messages ? { contactMessagesEmailed: messages.emailed } : {}),
    };
  }

  return { getDashboard };
}
