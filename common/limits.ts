/** Business constants (spec section 9) that pages, forms and the API share. No zod here. */

/** Excerpt: at most 300 characters. */
export const EXCERPT_MAX = 300;

/** Page sizes: API default 10, public blog list 6, home 3, admin list 10; at most 50 a page. */
export const POST_PAGE_SIZE = { api: 10, blog: 6, home: 3, admin: 10, max: 50 } as const;
