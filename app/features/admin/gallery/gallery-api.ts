import { ApiError, apiData, failureText } from "#app/lib/api.ts";
import { capitalise } from "#common/text.ts";
import type { GalleryCategory, GalleryImage, UploadResult } from "#common/types.ts";

export type ImageValues = {
  title: string;
  description: string;
  alt: string;
  category_id: number | null;
};

export const IMAGE_TEXT = {
  confirmDelete: "Are you sure you want to delete this image?",
  confirmDeleteCategory:
    "Are you sure you want to delete this gallery category? Its images stay in the gallery.",
  loadFailed: "Failed to load gallery data. Please try again later.",
  uploadFailed: "Upload failed. Please try again.",
  saveFailed: "Failed to save the image. Please try again.",
  addCategoryFailed: "Failed to add the gallery category. Please try again.",
  tooLarge: "File is too large (max 10 MB)",
  wrongType: "Only PNG, JPEG, WebP, GIF, AVIF and ICO images are accepted",
} as const;

/** "team_photo-01.jpg" → "Team photo 01": a starting title for an upload. */
export function titleFromFileName(name: string): string {
  const base = name
    .replace(/\.[^.]+$/, "")
    .replace(/[_-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
  return base ? capitalise(base) : "Untitled image";
}

/** The message to show for a failed upload of one file: the server's, else ours. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && !error.serverMessage) {
    if (error.status === 413) return IMAGE_TEXT.tooLarge;
    if (error.status === 415) return IMAGE_TEXT.wrongType;
  }
  const field = error instanceof ApiError ? error.errors.image : undefined;
  return field || failureText("", error, { otherwise: IMAGE_TEXT.uploadFailed });
}

export async function uploadFile(file: File, signal?: AbortSignal): Promise<UploadResult> {
  const form = new FormData();
  form.append("image", file);
  return apiData<UploadResult>("/upload", { method: "POST", form, signal });
}

export function createImage(body: ImageValues & { url: string }) {
  return apiData<GalleryImage>("/gallery/images", { method: "POST", body });
}

export function updateImage(image: GalleryImage, values: ImageValues) {
  return apiData<GalleryImage>(`/gallery/images/${image.id}`, {
    method: "PUT",
    body: { ...values, url: image.url },
  });
}

export function deleteImage(id: number) {
  return apiData(`/gallery/images/${id}`, { method: "DELETE" });
}

export function reorderImages(ids: number[]) {
  return apiData<GalleryImage[]>("/gallery/images/reorder", { method: "PUT", body: { ids } });
}

export function createCategory(name: string) {
  return apiData<GalleryCategory>("/gallery/categories", { method: "POST", body: { name } });
}

export function deleteCategory(id: number) {
  return apiData(`/gallery/categories/${id}`, { method: "DELETE" });
}
