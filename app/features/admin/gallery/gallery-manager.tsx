import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import type { GalleryCategory, GalleryImage } from "../../../../common/types.ts";
import { Spinner } from "../../../components/ui/form.tsx";
import { failureReason } from "../../../lib/api.ts";
import { FlashBanners, useFlash } from "../flash.tsx";
import { LoadFailed, PageHeader } from "../ui.tsx";
import { CategoryPanel } from "./category-panel.tsx";
import {
  deleteImage,
  IMAGE_TEXT,
  type ImageValues,
  listCategories,
  listImages,
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
  const [images, setImages] = useState<GalleryImage[]>([]);
  const [categories, setCategories] = useState<GalleryCategory[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [refocus, setRefocus] = useState<{ id: number; direction: -1 | 1 } | null>(null);
  const flash = useFlash();

  // After a move the list re-renders: focus returns to the same arrow of the
  // moved image, or to the other arrow when it reached an end.
  useEffect(() => {
    if (!refocus || busy) return;
    const { id, direction } = refocus;
    const same = document.getElementById(`image-${id}-${direction === -1 ? "up" : "down"}`);
    const other = document.getElementById(`image-${id}-${direction === -1 ? "down" : "up"}`);
    const target = same instanceof HTMLButtonElement && !same.disabled ? same : other;
    target?.focus();
    setRefocus(null);
  }, [refocus, busy]);

  const load = useCallback(async (signal?: AbortSignal) => {
    setLoading(true);
    setLoadError(false);
    try {
      const [imgs, cats] = await Promise.all([listImages(signal), listCategories(signal)]);
      setImages(imgs);
      setCategories(cats);
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      setLoadError(true);
    } finally {
      if (!signal?.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const added = useCallback((image: GalleryImage) => {
    setImages((list) => [...list, image]);
  }, []);

  async function move(image: GalleryImage, direction: -1 | 1) {
    const from = images.findIndex((i) => i.id === image.id);
    const to = from + direction;
    if (from < 0 || to < 0 || to >= images.length) return;
    const previous = images;
    const next = [...images];
    [next[from], next[to]] = [next[to]!, next[from]!];
    setImages(next);
    setBusy(true);
    try {
      const saved = await reorderImages(next.map((i) => i.id));
      setImages(saved);
      const position = saved.findIndex((i) => i.id === image.id) + 1;
      setAnnouncement(`${image.title} moved to position ${position} of ${saved.length}`);
    } catch (error) {
      setImages(previous);
      flash.showError(
        `Failed to save the new order. ${failureReason(error) || "Please try again."}`,
      );
    } finally {
      setBusy(false);
      // Keep the keyboard where it was (see the effect below).
      setRefocus({ id: image.id, direction });
    }
  }

  async function save(image: GalleryImage, values: ImageValues) {
    const saved = await updateImage(image, values);
    setImages((list) => list.map((i) => (i.id === saved.id ? saved : i)));
    flash.showSuccess(`Image "${saved.title}" updated`);
  }

  async function remove(image: GalleryImage) {
    if (!window.confirm(IMAGE_TEXT.confirmDelete)) return;
    setBusy(true);
    try {
      await deleteImage(image.id);
      setImages((list) => list.filter((i) => i.id !== image.id));
      flash.showSuccess(`Image "${image.title}" deleted`);
    } catch (error) {
      flash.showError(`Failed to delete the image. ${failureReason(error) || "Please try again."}`);
    } finally {
      setBusy(false);
    }
  }

  function categoriesChanged(next: GalleryCategory[]) {
    const removed = categories.filter((c) => !next.some((n) => n.id === c.id)).map((c) => c.id);
    setCategories(next);
    if (removed.length) {
      setImages((list) =>
        list.map((i) =>
          i.category_id !== null && removed.includes(i.category_id)
            ? { ...i, category_id: null, category: null }
            : i,
        ),
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
        <LoadFailed onRetry={() => void load()}>{IMAGE_TEXT.loadFailed}</LoadFailed>
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
              <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
                No images in the gallery yet. Upload some above.
              </p>
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
