import type {
  Post,
  PostAliases,
  PostList,
  PostListResponse,
  PostResponse,
  PostSummary,
  PostSummaryResponse,
} from "#common/types.ts";

/**
 * The one place the API adds the spec's second spellings of post fields
 * (docs/decisions/011-dual-field-names-at-the-edge.md): the services and the
 * pages know one name per field.
 */
function aliases(post: PostSummary): PostAliases {
  return {
    featuredImage: post.featured_image,
    featured: post.isFeatured,
    publishedAt: post.published_at,
    createdAt: post.created_at,
  };
}

export function toPostResponse(post: Post): PostResponse;
export function toPostResponse(post: PostSummary): PostSummaryResponse;
export function toPostResponse(post: PostSummary): PostSummaryResponse {
  return { ...post, ...aliases(post) };
}

export function toPostListResponse(list: PostList): PostListResponse {
  return { ...list, posts: list.posts.map((post) => toPostResponse(post)) };
}
