import type { Post, PostList } from "../../../common/types.ts";
import type { Db } from "../../db/client.ts";
import { nowIso } from "../../db/normalize.ts";
import { findPost, findPostPage, incrementPostViews } from "./posts.repository.ts";

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;

export type PublicPostQuery = {
  page?: number;
  limit?: number;
  search?: string;
  category?: string;
  tag?: string;
};

function paging(query: { page?: number; limit?: number }) {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.limit ?? DEFAULT_PAGE_SIZE)));
  return { page, limit };
}

export function createPostsService(db: Db) {
  /** Posts any visitor may read: published, with a publish time that has passed. */
  async function listPublicPosts(query: PublicPostQuery): Promise<PostList> {
    const { page, limit } = paging(query);
    const { posts, count } = await findPostPage(
      db,
      {
        visibility: "public",
        now: nowIso(),
        search: query.search?.trim() || undefined,
        categorySlug: query.category?.trim() || undefined,
        tagSlug: query.tag?.trim() || undefined,
      },
      { page, limit },
    );
    return { posts, count, totalPages: Math.max(1, Math.ceil(count / limit)), page, limit };
  }

  async function getPublicPostBySlug(
    slug: string,
    options: { countView?: boolean } = {},
  ): Promise<Post | null> {
    const post = await findPost(db, { slug }, { visibility: "public", now: nowIso() });
    if (post && options.countView) {
      await incrementPostViews(db, post.id);
      post.views += 1;
    }
    return post;
  }

  return { listPublicPosts, getPublicPostBySlug };
}

export type PostsService = ReturnType<typeof createPostsService>;
