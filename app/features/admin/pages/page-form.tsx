import { useRef, useState } from "react";
import { BasicsCard } from "#app/features/admin/editor/basics-card.tsx";
import { ContentCard } from "#app/features/admin/editor/content-card.tsx";
import { EditorPreview } from "#app/features/admin/editor/editor-preview.tsx";
import { EditorShell } from "#app/features/admin/editor/editor-shell.tsx";
import { FeaturedImageCard } from "#app/features/admin/editor/featured-image-card.tsx";
import { PublishCard } from "#app/features/admin/editor/publish-card.tsx";
import { SeoCard } from "#app/features/admin/editor/seo-card.tsx";
import { useDocumentEditor } from "#app/features/admin/editor/use-document-editor.ts";
import { SharePreviewCard } from "#app/features/admin/preview-links/share-preview-card.tsx";
import { Switch } from "#app/features/admin/settings/controls.tsx";
import { useSchemaForm } from "#app/lib/use-schema-form.ts";
import { PageInputSchema } from "#common/schemas/pages.ts";
import { slugify } from "#common/text.ts";
import type { Page } from "#common/types.ts";
import {
  EMPTY_PAGE_VALUES,
  PAGE_STATUS_CHOICES,
  type PageFormValues,
  toPageRequestBody,
  valuesFromPage,
} from "./page-form-values.ts";

/**
 * The page editor: the post editor's cards (title and slug, the rich-text and
 * HTML editor, publishing, featured image, search) bound to the page schema
 * the API validates with. Create when `page` is null, else edit it.
 */
export function PageForm({ page }: { page: Page | null }) {
  const isEdit = page !== null;
  const form = useSchemaForm<typeof PageInputSchema, PageFormValues>(
    PageInputSchema,
    () => (page ? valuesFromPage(page) : EMPTY_PAGE_VALUES),
    { idPrefix: "field" },
  );
  const { values } = form;
  const initialPublishedAt = useRef(page ? valuesFromPage(page).published_at : "");
  const [slugTouched, setSlugTouched] = useState(isEdit);
  const [imageBroken, setImageBroken] = useState(false);
  const editor = useDocumentEditor({
    noun: "page",
    endpoint: "/pages",
    readPath: (id) => `/pages/${id}`,
    doc: page,
    form,
    valuesOf: valuesFromPage,
    fill(found) {
      for (const [key, value] of Object.entries(found))
        form.set(key as keyof PageFormValues, value as never);
    },
    resave: () => save(),
  });

  // A new page's slug follows its title until the slug is edited by hand.
  const onTitle = (title: string) => {
    form.set("title", title);
    if (!slugTouched) form.set("slug", slugify(title));
  };
  const onSlug = (slug: string) => {
    form.set("slug", slug);
    // Cleared by hand: generate it from the title again (create mode only).
    setSlugTouched(isEdit || slug !== "");
  };

  const save = form.submit(async () => {
    if (editor.saving) return;
    editor.setBanner(null);
    await editor.send(toPageRequestBody(values, page, initialPublishedAt.current));
  });

  return (
    <EditorShell
      noun="page"
      isEdit={isEdit}
      editor={editor}
      preview={<EditorPreview values={values} untitled="Untitled page" imageBroken={imageBroken} />}
      onSubmit={save}
      main={
        <>
          <BasicsCard fields={form} noun="Page" urlPrefix="/" onTitle={onTitle} onSlug={onSlug} />
          <ContentCard fields={form} />
        </>
      }
      side={
        <>
          <PublishCard fields={form} statuses={PAGE_STATUS_CHOICES} noun="page">
            <Switch
              label="Hide from search engines"
              checked={values.noindex}
              onChange={(checked) => form.set("noindex", checked)}
              description="Search engines are asked not to list the page, and it is left out of the sitemap. Visitors can still open it."
            />
          </PublishCard>
          {page ? <SharePreviewCard kind="page" document={page} /> : null}
          <FeaturedImageCard
            fields={form}
            imageBroken={imageBroken}
            onImageBroken={setImageBroken}
          />
          <SeoCard fields={form} noun="page" descriptionFallback="the start of the content" />
        </>
      }
    />
  );
}
