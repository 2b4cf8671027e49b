import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Cache tags: names for what a stored response shows, recorded where the
 * data is read (services, and the database reads of a request), so that a
 * change stales or purges only the responses that show what it changed.
 *
 * - `site`: every stored response carries it (settings, menus, theme, and any
 *   change the cache cannot place more precisely reach everything through it).
 * - `posts`: a list of posts (blog pages, home, feeds, sitemap, the read API's lists).
 * - `related`: a post page's "related posts" list, with `category:<id>` for
 *   each category it draws from (a new post, or one put in such a category,
 *   may join it).
 * - `post:<id>`: a post shown or listed; `page:<id>`, `pages`: company pages.
 * - `menus`: the header and footer menus (every public page), with the
 *   `post:<id>`/`page:<id>` of each post or page they link to.
 * - `table:<name>`: any other table read while rendering (services,
 *   team_members, gallery_images, categories...); for posts and pages, a read
 *   that depends on fields of rows it does not name (a search by text, the
 *   sitemap's dates, any read outside `readTagged`): every edit of a post
 *   stales `table:posts`, while `posts` is staled only by what changes which
 *   posts a list holds, or their order (status, dates, featured, author).
 */
export const SITE_TAG = "site";
export const POSTS_TAG = "posts";
export const RELATED_TAG = "related";
export const PAGES_TAG = "pages";
export const MENUS_TAG = "menus";
export const postTag = (id: number | string) => `post:${id}`;
export const pageTag = (id: number | string) => `page:${id}`;
export const categoryTag = (id: number | string) => `category:${id}`;
export const tableTag = (table: string) => `table:${table}`;

/**
 * Tables whose reads services tag by row (posts and pages with their
 * relations): a plain read of them records nothing by itself, so a post page
 * is not tagged with every post.
 */
export const ROW_TAGGED_TABLES: ReadonlySet<string> = new Set([
  "posts",
  "pages",
  "post_categories",
  "post_tags",
]);

type RenderScope = {
  tags: Set<string>;
  /** A background re-render of a stored page: it counts no post view. */
  background: boolean;
  /** Inside a read whose service tags the posts and pages it shows itself (`readTagged`). */
  precise?: boolean;
};

const scope = new AsyncLocalStorage<RenderScope>();

/** Runs `fn` collecting the tags of what it reads; answers them with its result. */
export async function collectTags<T>(
  fn: () => Promise<T>,
  options: { background?: boolean } = {},
): Promise<{ result: T; tags: Set<string> }> {
  const state: RenderScope = { tags: new Set([SITE_TAG]), background: !!options.background };
  const result = await scope.run(state, fn);
  return { result, tags: state.tags };
}

/** Records what the current render shows (nothing outside a collecting render). */
export function tagRead(...tags: readonly string[]): void {
  const state = scope.getStore();
  if (!state) return;
  for (const tag of tags) state.tags.add(tag);
}

/**
 * Records the tables a database read touched: `table:<name>`, or for posts
 * and pages the list tag (`posts`, `pages`: any change to any of them may
 * change what it read), unless a service tags those rows itself (`readTagged`).
 */
export function tagTablesRead(tables: readonly string[]): void {
  const state = scope.getStore();
  if (!state) return;
  for (const table of tables) {
    if (!ROW_TAGGED_TABLES.has(table)) state.tags.add(tableTag(table));
    else if (!state.precise) {
      state.tags.add(table === "pages" ? PAGES_TAG : POSTS_TAG);
      // Any field of any row may show: staled by every edit of the table too.
      state.tags.add(tableTag(table));
    }
  }
}

/**
 * Runs a read whose caller records the `post:<id>`/`page:<id>` tags of what
 * it shows (and `posts` when it is a list): its reads of posts and pages add
 * no list tag by themselves, so a post page is not staled by every post edit.
 */
export function readTagged<T>(fn: () => Promise<T>): Promise<T> {
  const state = scope.getStore();
  if (!state || state.precise) return fn();
  return scope.run({ ...state, precise: true }, fn);
}

/** Whether this is a background re-render (which counts no post view). */
export function isBackgroundRender(): boolean {
  return scope.getStore()?.background ?? false;
}
