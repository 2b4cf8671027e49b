/** Shapes the API answers with and the pages read. No side effects here. */

export const ROLES = ["admin", "editor", "author"] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ["active", "inactive"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const POST_STATUSES = ["draft", "published", "scheduled"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const SERVICE_ICONS = [
  "computer",
  "smartphone",
  "chart",
  "gear",
  "shield",
  "cloud",
  "code",
  "briefcase",
] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

export type User = {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  status: UserStatus;
  last_login: string | null;
  created_at: string;
  /** Present (true) while the user has not set a password through the invitation (admins' list). */
  invitation_pending?: boolean;
};

export type Category = {
  id: number;
  name: string;
  slug: string;
  description?: string;
  postCount?: number;
};
export type Tag = { id: number; name: string; slug: string; postCount?: number };

export type PostAuthor = {
  id: number | null;
  name: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
};

export type Post = {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featured_image: string;
  featured_image_alt: string;
  /** Stored status; `scheduled` also when published with a future date. */
  status: PostStatus;
  isFeatured: boolean;
  author: PostAuthor;
  author_id: number | null;
  categories: Category[];
  tags: Tag[];
  published_at: string | null;
  created_at: string;
  updated_at: string;
  views: number;
  meta_title: string;
  meta_description: string;
  og_image: string;
};

/** A list row: the full post without its body. */
export type PostSummary = Omit<Post, "content"> & { content?: string };

/**
 * The spec's second spellings of some fields, which the API also sends (see
 * docs/decisions/011-dual-field-names-at-the-edge.md); the domain and the
 * pages use one name per field.
 */
export type PostAliases = {
  featuredImage: string;
  featured: boolean;
  publishedAt: string | null;
  createdAt: string;
};

/** A post as the API answers it. */
export type PostResponse = Post & PostAliases;
export type PostSummaryResponse = PostSummary & PostAliases;
export type PostListResponse = Omit<PostList, "posts"> & { posts: PostSummaryResponse[] };

export type PostList = {
  posts: PostSummary[];
  count: number;
  totalPages: number;
  page: number;
  limit: number;
};

export type Service = {
  id: number;
  title: string;
  slug: string;
  description: string;
  icon: string;
  details: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
};

export type GalleryCategory = { id: number; name: string; slug: string; sort_order: number };

export type GalleryImage = {
  id: number;
  title: string;
  description: string;
  url: string;
  thumbnail: string;
  alt: string;
  width: number | null;
  height: number | null;
  category_id: number | null;
  category: GalleryCategory | null;
  sort_order: number;
  created_at: string;
};

export type ContactMessage = {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  read: boolean;
  date: string;
  created_at: string;
};

export type ApiSuccess<T> = { success: true; data: T; message?: string };
export type ApiFailure = { success: false; message: string; errors?: Record<string, string> };
