import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useDocumentSafety } from "#app/features/admin/autosave/use-document-safety.tsx";
import { BasicsCard } from "#app/features/admin/editor/basics-card.tsx";
import { ContentCard } from "#app/features/admin/editor/content-card.tsx";
import { EditorHeader } from "#app/features/admin/editor/editor-header.tsx";
import { EditorPreview } from "#app/features/admin/editor/editor-preview.tsx";
import { FeaturedImageCard } from "#app/features/admin/editor/featured-image-card.tsx";
import { PublishCard } from "#app/features/admin/editor/publish-card.tsx";
import { SeoCard } from "#app/features/admin/editor/seo-card.tsx";
import { useLeaveGuard } from "#app/features/admin/editor/use-leave-guard.ts";
import { SharePreviewCard } from "#app/features/admin/preview-links/share-preview-card.tsx";
import { Switch } from "#app/features/admin/settings/controls.tsx";
import { api, apiData, failureText } from "#app/lib/api.ts";
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

/** What Compare shows of a page in an edit conflict. */
const PAGE_COMPARE_LABELS = {
  title: "Title",
  slug: "Slug",
  content: "Content",
  status: "Status",
  published_at: "Publish date",
  featured_image: "Featured image",
  meta_title: "Meta title",
  meta_description: "Meta description",
  noindex: "Hide from search engines",
};

/**
 * The page editor: the post editor's cards (title and slug, the rich-text and
 * HTML editor, publishing, featured image, search) bound to the page schema
 * the API validates with. Create when `page` is null, else edit it.
 */
export function PageForm({ page }: { page: Page | null }) {
  const isEdit = page !== null;
  const navigate = useNavigate();
  const form = useSchemaForm<typeof PageInputSchema, PageFormValues>(
    PageInputSchema,
    () => (page ? valuesFromPage(page) : EMPTY_PAGE_VALUES),
    { idPrefix: "field" },
  );
  const { values } = form;
  const initialPublishedAt = useRef(page ? valuesFromPage(page).published_at : "");
  const [slugTouched, setSlugTouched] = useState(isEdit);
  const [preview, setPreview] = useState(false);
  const [imageBroken, setImageBroken] = useState(false);
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const saved = useRef(false);
  useLeaveGuard(form.dirty, saved);
  const safety = useDocumentSafety({
    kind: "page",
    noun: "page",
    doc: page,
    values,
    dirty: form.dirty,
    enabled: true,
    fill(found) {
      for (const [key, value] of Object.entries(found))
        form.set(key as keyof PageFormValues, value as never);
    },
    async loadTheirs() {
      const theirs = await apiData<Page>(`/pages/${page!.id}`);
      return { values: valuesFromPage(theirs), version: theirs.version };
    },
    resave: () => save(),
    labels: PAGE_COMPARE_LABELS,
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
    if (saving) return;
    setBanner(null);
    setSaving(true);
    const body = toPageRequestBody(values, page, initialPublishedAt.current);
    try {
      const version = safety.version;
      if (page)
        await api(`/pages/${page.id}`, {
          method: "PUT",
          body: version ? { ...body, version } : body,
        });
      else await api("/pages", { method: "POST", body });
      saved.current = true;
      safety.saved();
      navigate("/admin/pages", {
        state: { notice: isEdit ? "Page updated successfully!" : "Page created successfully!" },
      });
    } catch (error) {
      setSaving(false);
      if (safety.saveFailed(error)) return;
      setBanner(failureText("Failed to save page:", error));
      // A 400's and a 409's field messages (the slug taken) next to their fields.
      form.showErrors(error);
    }
  });

  const title = isEdit ? "Edit Page" : "Create Page";
  return (
    <div>
      <EditorHeader
        noun="page"
        title={title}
        preview={preview}
        onPreview={() => setPreview((v) => !v)}
        banner={banner}
        onDismiss={() => setBanner(null)}
      />
      {safety.panel}

      <div id="page-editor-body">
        {preview ? (
          <EditorPreview
            title={values.title}
            untitled="Untitled page"
            image={values.featured_image}
            imageAlt={values.featured_image_alt}
            imageBroken={imageBroken}
            content={values.content}
          />
        ) : (
          <form onSubmit={save} noValidate aria-label={title}>
            <div className="grid gap-6 lg:grid-cols-3">
              <div className="min-w-0 space-y-5 lg:col-span-2">
                <BasicsCard
                  fields={form}
                  noun="Page"
                  urlPrefix="/"
                  onTitle={onTitle}
                  onSlug={onSlug}
                />
                <ContentCard fields={form} />
              </div>
              <div className="min-w-0 space-y-5">
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
              </div>
            </div>
            <div className="mt-6 flex flex-wrap items-center gap-3">
              <button type="submit" className="btn-primary" disabled={saving}>
                {saving ? "Saving..." : isEdit ? "Update Page" : "Create Page"}
              </button>
              {safety.indicator}
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
