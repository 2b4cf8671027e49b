import { useCallback } from "react";
import { Link } from "react-router";
import { Spinner } from "#app/components/ui/form.tsx";
import { EmptyState, LoadFailed } from "#app/components/ui/list-parts.tsx";
import { FlashBanners, useFlash } from "#app/features/admin/flash.tsx";
import { useReorder } from "#app/features/admin/reorder.tsx";
import { PageHeader } from "#app/features/admin/ui.tsx";
import { failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import type { GalleryCategory, GalleryImage } from "#common/types.ts";
import { CategoryPanel } from "./category-panel.tsx";
import {
  deleteImage,
  IMAGE_TEXT,
  type ImageValues,
  reorderImages,
  updateImage,
} from "./gallery-api.ts";
import { ImageItem } from "./image-item.tsx";
import { UploadPanel } from "./upload-panel.tsx";

/**
 * The gallery as the public /gallery shows it: same API, same order. Upload,
 * edit, reorder (the order is saved at once) and delete.
 */
export function GalleryManager() {
  const imageList = useApiQuery<GalleryImage[]>("/gallery/images");
  const categoryList = useApiQuery<GalleryCategory[]>("/gallery/categories");
  const images = imageList.data ?? [];
  const categories = categoryList.data ?? [];
  const setImages = imageList.setData;
  const loading = imageList.loading || categoryList.loading;
  const loadError = !!(imageList.error || categoryList.error);
  const mutation = useApiMutation();
  const busy = mutation.busy;
  const flash = useFlash();
  const { move, announcement } = useReorder({
    items: images,
    setItems: setImages,
    save: reorderImages,
    idPrefix: "image",
    nameOf: (image) => image.title,
    failed: "Failed to save the new order.",
    mutation,
    showError: flash.showError,
  });

  const added = useCallback(
    (image: GalleryImage) => setImages((list) => [...(list ?? []), image]),
    [setImages],
  );

  async function save(image: GalleryImage, values: ImageValues) {
    const saved = await updateImage(image, values);
    setImages((list) => list?.map((i) => (i.id === saved.id ? saved : i)) ?? list);
    flash.showSuccess(`Image "${saved.title}" updated`);
  }

  async function remove(image: GalleryImage) {
    if (!window.confirm(IMAGE_TEXT.confirmDelete)) return;
    await mutation.run(
      async () => {
        await deleteImage(image.id);
        setImages((list) => list?.filter((i) => i.id !== image.id) ?? list);
        flash.showSuccess(`Image "${image.title}" deleted`);
      },
      { onError: (error) => flash.showError(failureText("Failed to delete the image.", error)) },
    );
  }

  function categoriesChanged(next: GalleryCategory[]) {
    const removed = categories.filter((c) => !next.some((n) => n.id === c.id)).map((c) => c.id);
    categoryList.setData(next);
    if (removed.length) {
      setImages(
        (list) =>
          list?.map((i) =>
            i.category_id !== null && removed.includes(i.category_id)
              ? { ...i, category_id: null, category: null }
              : i,
          ) ?? list,
      );
    }
  }

  return (
    <div>
      <PageHeader
        title="Gallery"
        subtitle="The images of the public gallery, in the order it shows them"
        actions={
          <Link to="/gallery" className="btn-outline" target="_blank">
            View gallery<span className="sr-only"> (opens in a new tab)</span>
          </Link>
        }
      />
      <FlashBanners flash={flash} />
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {loading ? (
        <Spinner label="Loading gallery..." />
      ) : loadError ? (
        <LoadFailed
          onRetry={() => {
            imageList.reload();
            categoryList.reload();
          }}
        >
          {IMAGE_TEXT.loadFailed}
        </LoadFailed>
      ) : (
        <>
          <UploadPanel categories={categories} onAdded={added} />
          <CategoryPanel
            categories={categories}
            onChange={categoriesChanged}
            onMessage={(kind, text) =>
              kind === "success" ? flash.showSuccess(text) : flash.showError(text)
            }
          />
          <section aria-labelledby="gallery-images-heading">
            <h2 id="gallery-images-heading" className="mb-3 text-lg font-semibold">
              Images ({images.length})
            </h2>
            {images.length === 0 ? (
              <EmptyState>No images in the gallery yet. Upload some above.</EmptyState>
            ) : (
              <ol className="space-y-3" aria-label="Gallery images in display order">
                {images.map((image, index) => (
                  <ImageItem
                    key={image.id}
                    image={image}
                    position={index + 1}
                    total={images.length}
                    categories={categories}
                    busy={busy}
                    onMove={(img, dir) => void move(img, dir)}
                    onSave={save}
                    onDelete={(img) => void remove(img)}
                  />
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}
