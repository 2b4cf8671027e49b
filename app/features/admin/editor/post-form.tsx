import { type FormEvent, useRef, useState } from "react";
import { Alert } from "#app/components/ui/form.tsx";
import { SharePreviewCard } from "#app/features/admin/preview-links/share-preview-card.tsx";
import { apiData } from "#app/lib/api.ts";
import { useAuth } from "#app/lib/auth.tsx";
import { FALLBACK_CATEGORIES } from "#app/lib/fallback-categories.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import { type FormFields, useSchemaForm } from "#app/lib/use-schema-form.ts";
import { can, canManagePost } from "#common/permissions.ts";
import { PostFormSchema } from "#common/schemas/posts.ts";
import { slugify } from "#common/text.ts";
import type { Category, Post } from "#common/types.ts";
import { BasicsCard, ExcerptField } from "./basics-card.tsx";
import { ContentCard } from "./content-card.tsx";
import { EditorShell } from "./editor-shell.tsx";
import { FeaturedImageCard } from "./featured-image-card.tsx";
import {
  EMPTY_VALUES,
  fieldKey,
  focusFirstError,
  type PostFormValues,
  toRequestBody,
  valuesFromPost,
} from "./post-form-values.ts";
import { PostPreview } from "./post-preview.tsx";
import { FeaturedFlag, SocialImageField, TaxonomyCard } from "./post-sidebar.tsx";
import { PublishCard } from "./publish-card.tsx";
import { SeoCard } from "./seo-card.tsx";
import { useDocumentEditor } from "./use-document-editor.ts";

/** The statuses the post editor offers (a future date schedules a published post). */
const POST_STATUS_CHOICES = [
  { value: "draft", label: "Draft" },
  { value: "published", label: "Published" },
] as const;

/** The categories to choose from; the fallback list when they cannot be loaded. */
function useCategories(): Category[] | null {
  const { data, cause } = useApiQuery<Category[]>("/blog/categories", {
    async load(path, signal) {
      const list = await apiData<Category[]>(path, { signal });
      return list.length ? list : FALLBACK_CATEGORIES;
    },
  });
  // A failure is logged by useApiQuery; the editor goes on with the fallback list.
  return cause ? FALLBACK_CATEGORIES : data;
}

/** The post form: create when `post` is null, else edit it (read-only for those who may not). */
export function PostForm({ post }: { post: Post | null }) {
  const isEdit = post !== null;
  const { user } = useAuth();
  const initialPublishedAt = useRef(post ? valuesFromPost(post).published_at : "");
  const [slugTouched, setSlugTouched] = useState(isEdit);
  const [imageBroken, setImageBroken] = useState(false);
  const categories = useCategories();
  const mayFeature = can(user, "posts:feature");
  const body = (values: PostFormValues) =>
    toRequestBody(values, post, initialPublishedAt.current, mayFeature);
  const form = useSchemaForm(
    PostFormSchema,
    (): PostFormValues => (post ? valuesFromPost(post) : EMPTY_VALUES),
    {
      idPrefix: "field",
      toInput: body,
      // Let the messages render before moving focus to the first one.
      focus: (found) => requestAnimationFrame(() => focusFirstError(found)),
      fromServer(error) {
        const found: Record<string, string> = {};
        for (const [key, message] of Object.entries(error.errors)) found[fieldKey(key)] = message;
        if (error.status === 409 && !found.slug) {
          found.slug = error.serverMessage || "A post with this slug already exists";
        }
        return found;
      },
    },
  );
  const { values } = form;

  const readOnly = post && user ? !canManagePost(user, post) : false;
  // Authors: the server refuses a change of the flag and new tag names (decision 005).
  const mayCreateTags = can(user, "tags:manage");
  const editor = useDocumentEditor({
    noun: "post",
    endpoint: "/blog/posts",
    readPath: (id) => `/blog/posts/id/${id}`,
    doc: post,
    form,
    valuesOf: valuesFromPost,
    enabled: !readOnly,
    resave: () => save(),
  });

  const fields: FormFields<PostFormValues> = form;

  const onTitle = (title: string) => {
    form.set("title", title);
    if (!isEdit && !slugTouched) form.set("slug", slugify(title));
  };

  const onSlug = (slug: string) => {
    fields.set("slug", slug);
    // Cleared by hand: generate it from the title again (create mode only).
    setSlugTouched(isEdit || slug !== "");
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };

  function save() {
    if (editor.saving) return;
    editor.setBanner(null);
    form.submit(() => editor.send(body(values)))();
  }

  return (
    <EditorShell
      noun="post"
      isEdit={isEdit}
      editor={editor}
      notice={
        readOnly ? (
          <div className="mb-4">
            <Alert kind="info">You can read this post but not change it.</Alert>
          </div>
        ) : null
      }
      preview={<PostPreview values={values} imageBroken={imageBroken} />}
      onSubmit={onSubmit}
      readOnly={readOnly}
      main={
        <>
          <BasicsCard
            fields={fields}
            noun="Post"
            urlPrefix="/blog/"
            onTitle={onTitle}
            onSlug={onSlug}
          >
            <ExcerptField fields={fields} />
          </BasicsCard>
          <ContentCard fields={fields} />
        </>
      }
      side={
        <>
          <PublishCard fields={fields} statuses={POST_STATUS_CHOICES} noun="post">
            <FeaturedFlag fields={fields} mayFeature={mayFeature} />
          </PublishCard>
          {post && !readOnly ? <SharePreviewCard kind="post" document={post} /> : null}
          <FeaturedImageCard
            fields={fields}
            imageBroken={imageBroken}
            onImageBroken={setImageBroken}
          />
          <TaxonomyCard fields={fields} categories={categories} mayCreateTags={mayCreateTags} />
          <SeoCard fields={fields} noun="post" descriptionFallback="the excerpt">
            <SocialImageField fields={fields} />
          </SeoCard>
        </>
      }
    />
  );
}
