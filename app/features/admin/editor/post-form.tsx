import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useBlocker, useNavigate } from "react-router";
import { EXCERPT_MAX } from "../../../../common/limits.ts";
import { can, canManagePost } from "../../../../common/permissions.ts";
import { PostFormSchema } from "../../../../common/schemas/posts.ts";
import { slugify } from "../../../../common/text.ts";
import type { Category, Post } from "../../../../common/types.ts";
import {
  Alert,
  FieldError,
  fieldErrors,
  Spinner,
  TextAreaField,
  TextField,
} from "../../../components/ui/form.tsx";
import { ApiError, api, apiData, failureReason } from "../../../lib/api.ts";
import { useAuth } from "../../../lib/auth.tsx";
import {
  FALLBACK_CATEGORIES,
  fromLocalInput,
  names,
  reasonOf,
  splitTags,
  toLocalInput,
} from "../posts/post-helpers.ts";
import { Card, inputClass, PageHeader } from "../ui.tsx";
import { previewHtml } from "./preview-html.ts";
// ".client": TipTap stays out of the server build (the editor only ever renders in the browser).
import { RichTextEditor } from "./rich-text-editor.client.tsx";

export type PostFormValues = {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featuredImage: string;
  featuredImageAlt: string;
  status: "draft" | "published";
  /** datetime-local value in the browser's zone, or "". */
  publishedAt: string;
  isFeatured: boolean;
  categories: string[];
  /** Comma-separated names. */
  tags: string;
  /** Search and social overrides; empty means the title, excerpt and featured image. */
  metaTitle: string;
  metaDescription: string;
  ogImage: string;
};

const EMPTY: PostFormValues = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  featuredImage: "",
  featuredImageAlt: "",
  status: "draft",
  publishedAt: "",
  isFeatured: false,
  categories: [],
  tags: "",
  metaTitle: "",
  metaDescription: "",
  ogImage: "",
};

/** A loaded post as form values: published when it has a publish date and is not a draft. */
export function valuesFromPost(post: Post): PostFormValues {
  const publishedAt = post.published_at ?? null;
  return {
    title: post.title ?? "",
    slug: post.slug ?? "",
    excerpt: post.excerpt ?? "",
    content: post.content ?? "",
    featuredImage: post.featured_image || "",
    featuredImageAlt: post.featured_image_alt ?? "",
    // A post moved back to draft keeps its old date; it stays a draft here.
    status: publishedAt && post.status !== "draft" ? "published" : "draft",
    publishedAt: toLocalInput(publishedAt),
    isFeatured: !!post.isFeatured,
    categories: names(post.categories),
    tags: names(post.tags).join(", "),
    metaTitle: post.meta_title ?? "",
    metaDescription: post.meta_description ?? "",
    ogImage: post.og_image ?? "",
  };
}

/** The form's fields in the order they appear, for error keys from the schema or server. */
const FIELD_IDS: Record<string, string> = {
  title: "field-title",
  slug: "field-slug",
  excerpt: "field-excerpt",
  content: "field-content",
  featured_image: "field-featured_image",
  featuredImage: "field-featured_image",
  featured_image_alt: "field-featured_image_alt",
  status: "field-status",
  published_at: "field-published_at",
  publishedAt: "field-published_at",
  isFeatured: "field-featured",
  featured: "field-featured",
  categories: "field-categories",
  tags: "field-tags",
  meta_title: "field-meta_title",
  meta_description: "field-meta_description",
  og_image: "field-og_image",
};

/** Error keys that belong to a visible field (others go in the banner). */
function fieldKey(key: string) {
  if (key === "featuredImage") return "featured_image";
  if (key === "publishedAt") return "published_at";
  if (key === "featured") return "isFeatured";
  return key;
}

function focusFirstError(errors: Record<string, string>) {
  const elements = Object.keys(errors)
    .map((key) => document.getElementById(FIELD_IDS[key] ?? ""))
    .filter((el): el is HTMLElement => !!el);
  elements.sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  const first = elements[0];
  if (!first) return;
  const target =
    first.tagName === "FIELDSET" ? (first.querySelector<HTMLElement>("input") ?? first) : first;
  target.scrollIntoView({ block: "center", behavior: "smooth" });
  target.focus({ preventScroll: true });
}

const UNSAVED_MESSAGE = "You have unsaved changes. Leave this page?";

type LoadState =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "ready"; post: Post | null };

async function loadPost(id: string): Promise<Post> {
  if (!id) throw new Error("No ID provided for post retrieval");
  const json = await api<{ data?: Post; post?: Post }>(`/blog/posts/id/${encodeURIComponent(id)}`);
  const post = json.data ?? json.post;
  if (!post || typeof post !== "object") {
    throw new Error("Post not found or invalid response format");
  }
  if (Object.keys(post).length === 0) throw new Error("Empty post data received");
  return post;
}

/**
 * The spec's load failure: "Post with ID {id} not found." for a 404, else
 * "Failed to load post." and the reason: the server's message, else
 * "Server responded with status {code}.", else "Please try again later.".
 */
function loadFailure(id: string, error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return `Post with ID ${id} not found.`;
  const status =
    error instanceof ApiError && error.status > 0
      ? `Server responded with status ${error.status}.`
      : "";
  return `Failed to load post. ${failureReason(error) || status || "Please try again later."}`;
}

/** The post editor: create when `postId` is null, else edit that post. */
export function PostEditor({ postId }: { postId: string | null }) {
  const isEdit = postId !== null;
  const [load, setLoad] = useState<LoadState>(
    isEdit ? { kind: "loading" } : { kind: "ready", post: null },
  );

  useEffect(() => {
    if (postId === null) return;
    const controller = new AbortController();
    loadPost(postId)
      .then((post) => {
        if (!controller.signal.aborted) setLoad({ kind: "ready", post });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ kind: "error", message: loadFailure(postId, error) });
      });
    return () => controller.abort();
  }, [postId]);

  const title = isEdit ? "Edit Post" : "Create Post";
  if (load.kind === "loading") {
    return (
      <div>
        <PageHeader title={title} />
        <Spinner label="Loading post..." />
      </div>
    );
  }
  if (load.kind === "error") {
    return (
      <div>
        <PageHeader title={title} />
        <Alert kind="error">{load.message}</Alert>
        <Link to="/admin/posts" className="btn-outline mt-4">
          Back to Posts
        </Link>
      </div>
    );
  }
  return <PostForm post={load.post} />;
}

function PostForm({ post }: { post: Post | null }) {
  const isEdit = post !== null;
  const { user } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<PostFormValues>(() => (post ? valuesFromPost(post) : EMPTY));
  const initialPublishedAt = useRef(post ? valuesFromPost(post).publishedAt : "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState(false);
  const [htmlMode, setHtmlMode] = useState(false);
  const [slugTouched, setSlugTouched] = useState(isEdit);
  const [dirty, setDirty] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [imageBroken, setImageBroken] = useState(false);
  const [categories, setCategories] = useState<Category[] | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const saved = useRef(false);
  const contentLabelId = useId();

  const readOnly = post && user ? !canManagePost(user, post) : false;
  // Authors: the server refuses a change of the flag and new tag names (decision 005).
  const mayFeature = can(user, "posts:feature");
  const mayCreateTags = can(user, "tags:manage");

  useEffect(() => {
    const controller = new AbortController();
    api<{ categories?: Category[]; data?: Category[] }>("/blog/categories", {
      signal: controller.signal,
    })
      .then((json) => {
        const list = json.categories ?? json.data;
        setCategories(Array.isArray(list) && list.length ? list : FALLBACK_CATEGORIES);
      })
      .catch((error: unknown) => {
        if ((error as Error).name === "AbortError") return;
        console.warn("post editor: categories failed to load", error);
        setCategories(FALLBACK_CATEGORIES);
      });
    return () => controller.abort();
  }, []);

  // Leaving with unsaved changes asks first: in-app navigation and the browser.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (saved.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const clearError = (...keys: string[]) => {
    setErrors((current) => {
      if (!keys.some((k) => k in current)) return current;
      const next = { ...current };
      for (const k of keys) delete next[k];
      return next;
    });
  };

  const update = <K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) => {
    setDirty(true);
    setValues((current) => ({ ...current, [key]: value }));
  };

  const onTitle = (title: string) => {
    setDirty(true);
    setValues((current) => ({
      ...current,
      title,
      slug: !isEdit && !slugTouched ? slugify(title) : current.slug,
    }));
    clearError("title", ...(!isEdit && !slugTouched ? ["slug"] : []));
  };

  const onSlug = (slug: string) => {
    update("slug", slug);
    // Cleared by hand: generate it from the title again (create mode only).
    setSlugTouched(isEdit || slug !== "");
    clearError("slug");
  };

  const upload = async (file: File) => {
    setUploading(true);
    clearError("featured_image");
    try {
      const form = new FormData();
      form.append("image", file);
      const data = await apiData<{ url?: string; imagePath?: string }>("/upload", { form });
      const url = data.url ?? data.imagePath;
      if (!url) throw new Error("Invalid response from server");
      update("featuredImage", url);
      setImageBroken(false);
    } catch (error) {
      setErrors((current) => ({
        ...current,
        featured_image: `Failed to upload image: ${reasonOf(error) || "Please try again"}.`,
      }));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const body = () => {
    const publishedAt =
      post && values.publishedAt === initialPublishedAt.current
        ? (post.published_at ?? null)
        : fromLocalInput(values.publishedAt);
    return {
      title: values.title,
      slug: values.slug,
      excerpt: values.excerpt,
      content: values.content,
      featured_image: values.featuredImage.trim(),
      featured_image_alt: values.featuredImageAlt,
      status: values.status,
      categories: values.categories,
      tags: splitTags(values.tags),
      // Left out for authors: the post keeps the flag an editor gave it.
      ...(mayFeature ? { isFeatured: values.isFeatured } : {}),
      published_at: publishedAt,
      meta_title: values.metaTitle,
      meta_description: values.metaDescription,
      og_image: values.ogImage.trim(),
    };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setBanner(null);
    const payload = body();
    const result = PostFormSchema.safeParse(payload);
    if (!result.success) {
      const found = fieldErrors(result.error.issues);
      setErrors(found);
      // Let the messages render before moving focus to the first one.
      requestAnimationFrame(() => focusFirstError(found));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (post) {
        await api(`/blog/posts/${post.id}`, { method: "PUT", body: payload });
      } else {
        await api("/blog/posts", { method: "POST", body: payload });
      }
      saved.current = true;
      navigate("/admin/posts", {
        state: { notice: isEdit ? "Post updated successfully!" : "Post created successfully!" },
      });
    } catch (error) {
      setSaving(false);
      setBanner(`Failed to save post: ${failureReason(error) || "Please try again."}`);
      if (error instanceof ApiError) {
        const found: Record<string, string> = {};
        for (const [key, message] of Object.entries(error.errors)) found[fieldKey(key)] = message;
        if (error.status === 409 && !found.slug) {
          found.slug = error.serverMessage || "A post with this slug already exists";
        }
        if (Object.keys(found).length) {
          setErrors(found);
          requestAnimationFrame(() => focusFirstError(found));
        }
      }
    }
  };

  const previewImage = values.featuredImage.trim();
  const publishDate = fromLocalInput(values.publishedAt);
  const willSchedule =
    values.status === "published" && !!publishDate && new Date(publishDate) > new Date();
  const excerptLength = values.excerpt.length;

  return (
    <div>
      <PageHeader
        title={isEdit ? "Edit Post" : "Create Post"}
        actions={
          <>
            <button
              type="button"
              className="btn-outline"
              onClick={() => setPreview((v) => !v)}
              aria-controls="post-editor-body"
            >
              {preview ? "Edit Mode" : "Preview"}
            </button>
            <Link to="/admin/posts" className="btn-outline">
              Cancel
            </Link>
          </>
        }
      />
      {banner ? (
        <div className="mb-4">
          <Alert kind="error" onDismiss={() => setBanner(null)}>
            {banner}
          </Alert>
        </div>
      ) : null}
      {readOnly ? (
        <div className="mb-4">
          <Alert kind="info">You can read this post but not change it.</Alert>
        </div>
      ) : null}

      <div id="post-editor-body">
        {preview ? (
          <Card>
            <article aria-label="Preview">
              <h2 className="text-3xl font-bold break-words">{values.title || "Untitled post"}</h2>
              {previewImage && !imageBroken ? (
                <img
                  src={previewImage}
                  alt={values.featuredImageAlt}
                  className="mt-6 max-h-96 w-full rounded-lg object-cover"
                />
              ) : null}
              <div
                className="prose-content mt-6 break-words"
                dangerouslySetInnerHTML={{ __html: previewHtml(values.content) }}
              />
              {values.categories.length ? (
                <div className="mt-6">
                  <h3 className="text-sm font-semibold">Categories</h3>
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {values.categories.map((name) => (
                      <li
                        key={name}
                        className="rounded-full bg-blue-100 px-3 py-1 text-xs font-medium text-blue-900 dark:bg-blue-900 dark:text-blue-100"
                      >
                        {name}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {splitTags(values.tags).length ? (
                <div className="mt-4">
                  <h3 className="text-sm font-semibold">Tags</h3>
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {splitTags(values.tags).map((tag) => (
                      <li
                        key={tag}
                        className="rounded-full bg-slate-200 px-3 py-1 text-xs font-medium text-slate-900 dark:bg-slate-700 dark:text-slate-100"
                      >
                        #{tag}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </article>
          </Card>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label={isEdit ? "Edit Post" : "Create Post"}>
            <fieldset disabled={readOnly} className="min-w-0">
              <div className="grid gap-6 lg:grid-cols-3">
                <div className="min-w-0 space-y-5 lg:col-span-2">
                  <Card className="space-y-5">
                    <TextField
                      label="Post Title"
                      name="title"
                      value={values.title}
                      onChange={(e) => onTitle(e.target.value)}
                      error={errors.title}
                      autoComplete="off"
                    />
                    <TextField
                      label="Slug"
                      name="slug"
                      value={values.slug}
                      onChange={(e) => onSlug(e.target.value)}
                      error={errors.slug}
                      autoComplete="off"
                      spellCheck={false}
                      hint={
                        <>
                          The post URL will be{" "}
                          <span className="font-mono break-all">
                            /blog/{values.slug || "{slug}"}
                          </span>
                        </>
                      }
                    />
                    <TextAreaField
                      label="Excerpt"
                      name="excerpt"
                      rows={3}
                      value={values.excerpt}
                      onChange={(e) => {
                        update("excerpt", e.target.value);
                        clearError("excerpt");
                      }}
                      error={errors.excerpt}
                      hint={
                        <>
                          Max {EXCERPT_MAX} characters.{" "}
                          <span
                            className={
                              excerptLength > EXCERPT_MAX
                                ? "font-semibold text-red-700 dark:text-red-400"
                                : ""
                            }
                          >
                            {excerptLength}/{EXCERPT_MAX}
                          </span>
                        </>
                      }
                    />
                  </Card>

                  <Card>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span id={contentLabelId} className="block text-sm font-medium">
                        Content
                      </span>
                      <fieldset className="inline-flex min-w-0 rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
                        <legend className="sr-only">Editor mode</legend>
                        {[
                          { html: false, label: "Rich Text Editor" },
                          { html: true, label: "HTML Editor" },
                        ].map((mode) => (
                          <button
                            key={mode.label}
                            type="button"
                            aria-pressed={htmlMode === mode.html}
                            onClick={() => setHtmlMode(mode.html)}
                            className={`rounded px-3 py-1 text-xs font-medium ${
                              htmlMode === mode.html
                                ? "bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900"
                                : "text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
                            }`}
                          >
                            {mode.label}
                          </button>
                        ))}
                      </fieldset>
                    </div>
                    {htmlMode ? (
                      <>
                        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
                          You are editing HTML directly. Be careful with your markup.
                        </p>
                        <textarea
                          id="field-content"
                          name="content"
                          aria-labelledby={contentLabelId}
                          aria-invalid={errors.content ? true : undefined}
                          aria-describedby={errors.content ? "field-content-error" : undefined}
                          rows={16}
                          spellCheck={false}
                          value={values.content}
                          onChange={(e) => {
                            update("content", e.target.value);
                            clearError("content");
                          }}
                          className={`mt-2 block w-full rounded-md border bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100 ${
                            errors.content
                              ? "border-red-600"
                              : "border-slate-300 dark:border-slate-600"
                          }`}
                        />
                      </>
                    ) : (
                      <RichTextEditor
                        id="field-content"
                        labelledBy={contentLabelId}
                        describedBy={errors.content ? "field-content-error" : undefined}
                        invalid={!!errors.content}
                        value={values.content}
                        onChange={(html) => {
                          update("content", html);
                          clearError("content");
                        }}
                      />
                    )}
                    <FieldError id="field-content-error" message={errors.content} />
                  </Card>
                </div>

                <div className="min-w-0 space-y-5">
                  <Card className="space-y-4">
                    <div>
                      <label htmlFor="field-status" className="block text-sm font-medium">
                        Status
                      </label>
                      <select
                        id="field-status"
                        name="status"
                        value={values.status}
                        onChange={(e) => {
                          update("status", e.target.value as PostFormValues["status"]);
                          clearError("status");
                        }}
                        className={`mt-1 ${inputClass}`}
                      >
                        <option value="draft">Draft</option>
                        <option value="published">Published</option>
                      </select>
                      <FieldError id="field-status-error" message={errors.status} />
                    </div>
                    <TextField
                      label="Publish Date"
                      name="published_at"
                      type="datetime-local"
                      value={values.publishedAt}
                      onChange={(e) => {
                        update("publishedAt", e.target.value);
                        clearError("published_at");
                      }}
                      error={errors.published_at}
                      hint={
                        willSchedule
                          ? "A future date: the post will show as Scheduled and go live then."
                          : "Leave empty to publish now. A future date schedules the post."
                      }
                    />
                    <div>
                      <div className="flex items-start gap-2">
                        <input
                          id="field-featured"
                          type="checkbox"
                          name="isFeatured"
                          checked={values.isFeatured}
                          disabled={!mayFeature}
                          onChange={(e) => update("isFeatured", e.target.checked)}
                          aria-describedby={
                            mayFeature
                              ? "field-featured-hint"
                              : "field-featured-hint field-featured-role"
                          }
                          className="mt-1 h-4 w-4"
                        />
                        <label htmlFor="field-featured" className="text-sm font-medium">
                          Featured Post
                        </label>
                      </div>
                      <p
                        id="field-featured-hint"
                        lang="id"
                        className="mt-1 text-xs text-slate-600 dark:text-slate-400"
                      >
                        Postingan unggulan akan ditampilkan di bagian khusus pada halaman beranda.
                      </p>
                      {mayFeature ? null : (
                        <p
                          id="field-featured-role"
                          className="mt-1 text-xs text-slate-600 dark:text-slate-400"
                        >
                          Only editors and admins can feature posts.
                        </p>
                      )}
                      <FieldError id="field-featured-error" message={errors.isFeatured} />
                    </div>
                  </Card>

                  <Card className="space-y-4">
                    <TextField
                      label="Featured Image URL"
                      name="featured_image"
                      inputMode="url"
                      autoComplete="off"
                      value={values.featuredImage}
                      onChange={(e) => {
                        update("featuredImage", e.target.value);
                        setImageBroken(false);
                        clearError("featured_image");
                      }}
                      error={errors.featured_image}
                      placeholder="https://... or /uploads/..."
                    />
                    <div className="flex flex-wrap items-center gap-2">
                      <button
                        type="button"
                        className="btn-outline"
                        disabled={uploading}
                        onClick={() => fileInput.current?.click()}
                      >
                        {uploading ? "Uploading..." : "Upload"}
                      </button>
                      <input
                        ref={fileInput}
                        type="file"
                        accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
                        // The Upload button is the control; this input only opens the picker.
                        hidden
                        data-testid="featured-image-file"
                        onChange={(e) => {
                          const file = e.target.files?.[0];
                          if (file) void upload(file);
                        }}
                      />
                    </div>
                    {previewImage ? (
                      imageBroken ? (
                        <p className="text-sm text-slate-600 dark:text-slate-300">
                          The image could not be loaded.
                        </p>
                      ) : (
                        <img
                          src={previewImage}
                          alt={values.featuredImageAlt || "Featured image preview"}
                          onError={() => setImageBroken(true)}
                          className="max-h-48 w-full rounded-md border border-slate-200 object-cover dark:border-slate-700"
                        />
                      )
                    ) : null}
                    <TextField
                      label="Featured Image Alt Text"
                      name="featured_image_alt"
                      value={values.featuredImageAlt}
                      onChange={(e) => {
                        update("featuredImageAlt", e.target.value);
                        clearError("featured_image_alt");
                      }}
                      error={errors.featured_image_alt}
                      hint="Describe the image for people who cannot see it."
                    />
                  </Card>

                  <Card className="space-y-4">
                    <fieldset
                      id="field-categories"
                      aria-describedby={errors.categories ? "field-categories-error" : undefined}
                    >
                      <legend className="text-sm font-medium">Categories</legend>
                      {categories === null ? (
                        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
                          Loading categories...
                        </p>
                      ) : (
                        <ul className="mt-2 space-y-1.5">
                          {categories.map((category) => {
                            const checked = values.categories.includes(category.name);
                            return (
                              <li key={category.id} className="flex items-center gap-2">
                                <input
                                  id={`category-${category.id}`}
                                  type="checkbox"
                                  checked={checked}
                                  onChange={(e) => {
                                    update(
                                      "categories",
                                      e.target.checked
                                        ? [...values.categories, category.name]
                                        : values.categories.filter((n) => n !== category.name),
                                    );
                                    clearError("categories");
                                  }}
                                  className="h-4 w-4"
                                />
                                <label htmlFor={`category-${category.id}`} className="text-sm">
                                  {category.name}
                                </label>
                              </li>
                            );
                          })}
                        </ul>
                      )}
                      <FieldError id="field-categories-error" message={errors.categories} />
                    </fieldset>
                    <TextField
                      label="Tags"
                      name="tags"
                      value={values.tags}
                      onChange={(e) => {
                        update("tags", e.target.value);
                        clearError("tags");
                      }}
                      error={errors.tags}
                      placeholder="design, marketing"
                      hint={
                        mayCreateTags
                          ? "Separate tags with commas."
                          : "Separate tags with commas. Use existing tags: only editors and admins can create new ones."
                      }
                      autoComplete="off"
                    />
                  </Card>

                  <Card className="space-y-4">
                    <h2 className="text-sm font-semibold">Search and social</h2>
                    <TextField
                      label="Meta Title"
                      name="meta_title"
                      value={values.metaTitle}
                      onChange={(e) => {
                        update("metaTitle", e.target.value);
                        clearError("meta_title");
                      }}
                      error={errors.meta_title}
                      hint={`Leave empty to use the post title. ${values.metaTitle.length} characters (50-60 recommended).`}
                    />
                    <TextAreaField
                      label="Meta Description"
                      name="meta_description"
                      rows={3}
                      value={values.metaDescription}
                      onChange={(e) => {
                        update("metaDescription", e.target.value);
                        clearError("meta_description");
                      }}
                      error={errors.meta_description}
                      hint={`Leave empty to use the excerpt. ${values.metaDescription.length} characters (150-160 recommended).`}
                    />
                    <TextField
                      label="Social Image URL"
                      name="og_image"
                      value={values.ogImage}
                      onChange={(e) => {
                        update("ogImage", e.target.value);
                        clearError("og_image");
                      }}
                      error={errors.og_image}
                      hint="Leave empty to use the featured image. 1200x630 pixels recommended."
                    />
                  </Card>
                </div>
              </div>

              <div className="mt-6 flex flex-wrap gap-3">
                <button type="submit" className="btn-primary" disabled={saving || readOnly}>
                  {saving ? "Saving..." : isEdit ? "Update Post" : "Create Post"}
                </button>
              </div>
            </fieldset>
          </form>
        )}
      </div>
    </div>
  );
}
