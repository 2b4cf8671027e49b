import { createContext, type RouterContext } from "react-router";
import type { SiteMenus } from "./navigation.ts";
import type { PasswordLinkPurpose } from "./one-time-links.ts";
import type { PublicSiteSettings } from "./settings.ts";
import type {
  Category,
  GalleryCategory,
  GalleryImage,
  Page,
  Post,
  PostList,
  PostSummary,
  Service,
  Tag,
  TeamMember,
} from "./types.ts";

/**
 * What the page loaders may call on the server: the same domain services the
 * REST API uses, handed over in-process through React Router's load context.
 * The app only sees this interface; the server provides the implementation.
 */
export type SiteServices = {
  /** Demo mode: the sign-in page offers the demo sign-in (POST /api/auth/demo). */
  demoMode: boolean;
  settings: {
    /**
     * The site's settings as public pages show them (no staff-only fields);
     * the defaults when they cannot be read (logged on the server).
     */
    getPublicSettings(): Promise<PublicSiteSettings>;
  };
  navigation: {
    /**
     * The header and footer menus resolved for the public layout (links to
     * hidden or deleted content left out; the footer's services in their
     * order). Never fails: on an error the fixed links remain (logged).
     */
    getSiteMenus(): Promise<SiteMenus>;
  };
  services: {
    listServices(): Promise<Service[]>;
    getService(idOrSlug: string): Promise<Service | null>;
    /** The current slug of a renamed service, for a 301 from its old address. */
    findServiceRedirect(oldSlug: string): Promise<string | null>;
  };
  posts: {
    listPublicPosts(query: {
      page?: number;
      limit?: number;
      search?: string;
      category?: string;
      tag?: string;
      /** Only the first N characters of each body (for cards). */
      contentPreview?: number;
    }): Promise<PostList>;
    /** The latest live posts, without a count (the home page's cards). */
    listLatestPosts(limit: number, options?: { contentPreview?: number }): Promise<PostSummary[]>;
    getPublicPostBySlug(slug: string, options?: { countView?: boolean }): Promise<Post | null>;
    /** The current slug of a renamed live post, for a 301 from its old address. */
    findPostRedirect(oldSlug: string): Promise<string | null>;
    listRelatedPosts(
      postId: number,
      categoryIds?: number[],
      limit?: number,
      /** Only the first N characters of each body (for cards). */
      options?: { contentPreview?: number },
    ): Promise<PostSummary[]>;
  };
  pages: {
    /** A published page by its slug (drafts and pages still scheduled: null). */
    getPublicPageBySlug(slug: string): Promise<Page | null>;
    /** The current slug of a renamed published page, for a 301 from its old address. */
    findPageRedirect(oldSlug: string): Promise<string | null>;
  };
  previewLinks: {
    /**
     * What a secret preview address shows (`/preview/{secret}`): the draft or
     * scheduled post or page, `moved` with its public path once it is
     * published, or null for an unknown, revoked or expired link.
     */
    openPreview(
      secret: string,
    ): Promise<
      | { kind: "post"; post: Post }
      | { kind: "page"; page: Page }
      | { kind: "moved"; path: string }
      | null
    >;
  };
  categories: {
    listCategories(): Promise<Category[]>;
    listTags(): Promise<Tag[]>;
  };
  gallery: {
    listGalleryImages(query?: { category?: string }): Promise<GalleryImage[]>;
    listGalleryCategories(): Promise<GalleryCategory[]>;
  };
  team: {
    /** The published members, in the order staff set (the About page). */
    listPublicTeamMembers(): Promise<TeamMember[]>;
  };
  setup: {
    /** "open" with the right one-time token while no admin exists; "done" once one does. */
    getSetupState(token: string | null): Promise<"open" | "invalid-link" | "done">;
    /** Creates the first admin; throws an error with `errors` per field. */
    completeSetup(input: unknown): Promise<unknown>;
  };
  account: {
    /**
     * Whether a password reset or invitation link still works (not used,
     * replaced by a newer one or expired): its page says so before the form.
     */
    isPasswordLinkUsable(purpose: PasswordLinkPurpose, token: string): Promise<boolean>;
  };
  contact: {
    /**
     * Validates and stores a message; throws an error with `errors` per field,
     * or a 429 (`status`, `retryAfter` in seconds) past the client's limit.
     */
    submitContactMessage(input: unknown, meta?: { client?: string }): Promise<unknown>;
  };
};

// The server imports this module from source while the SSR bundle carries its
// own copy; a context key is compared by identity, so both copies share one
// key through a global symbol.
const KEY = Symbol.for("beranda.site-services-context");
const registry = globalThis as unknown as Record<symbol, RouterContext<SiteServices> | undefined>;

registry[KEY] ??= createContext<SiteServices>();
export const siteServicesContext: RouterContext<SiteServices> = registry[KEY];

/**
 * Per-request facts the document needs: the CSP nonce for inline scripts; and
 * the client's address (a rate-limit key) for the form actions.
 */
export type RequestInfo = { nonce: string; requestId: string; origin: string; client: string };

const REQUEST_KEY = Symbol.for("beranda.request-info-context");
const requestRegistry = globalThis as unknown as Record<
  symbol,
  RouterContext<RequestInfo> | undefined
>;

requestRegistry[REQUEST_KEY] ??= createContext<RequestInfo>({
  nonce: "",
  requestId: "",
  origin: "",
  client: "unknown",
});
export const requestInfoContext: RouterContext<RequestInfo> = requestRegistry[REQUEST_KEY];

/**
 * The build's files a document names itself: the script that adds the few
 * behaviours of a static public page (`app/enhance/main.ts`, built on its own by
 * `npm run build`; decision 034). Set once per process by the server.
 */
export type PageAssets = { enhanceScript: string };

const ASSETS_KEY = Symbol.for("beranda.page-assets-context");
const assetsRegistry = globalThis as unknown as Record<
  symbol,
  RouterContext<PageAssets> | undefined
>;

assetsRegistry[ASSETS_KEY] ??= createContext<PageAssets>({ enhanceScript: "" });
export const pageAssetsContext: RouterContext<PageAssets> = assetsRegistry[ASSETS_KEY];

/**
 * Set by a response that counted a post view (value: the post id), so the
 * page cache can count the view again when it answers from memory. The server
 * removes it before the response leaves.
 */
export const POST_VIEW_HEADER = "x-beranda-post-view";

/**
 * Set by the admin client while someone is signed in: the page cache answers
 * such a browser with fresh renders (it bypasses the cache; it proves nothing).
 */
export const STAFF_COOKIE = "beranda_staff";
