import os from "node:os";
import { createTaskQueue } from "#server/lib/task-queue.ts";
import { loadSharp, type StoredImage, storeImage } from "#server/modules/uploads/image-pipeline.ts";
import type { UploadStore } from "#server/storage/upload-store.ts";

export type GeneratedImage = StoredImage & { url: string };

/**
 * Draws a simple abstract picture locally (nothing is downloaded) and stores
 * it like an upload, variants included, so the demo has real image files.
 */
export async function generateImage(
  store: UploadStore,
  seed: number,
  width = 1200,
  height = 800,
): Promise<GeneratedImage> {
  const hue = (seed * 47) % 360;
  const shapes = Array.from({ length: 7 }, (_, i) => {
    const x = ((seed * 131 + i * 211) % 100) / 100;
    const y = ((seed * 71 + i * 157) % 100) / 100;
    const r = 60 + ((seed * 13 + i * 37) % 180);
    const h = (hue + i * 35) % 360;
    return `<circle cx="${Math.round(x * width)}" cy="${Math.round(y * height)}" r="${r}" fill="hsl(${h},70%,60%)" fill-opacity="0.55"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="hsl(${hue},60%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},65%,55%)"/>
  </linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  const sharp = await loadSharp();
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  const stored = await storeImage(store, jpeg, { mime: "image/jpeg", ext: "jpg" });
  return { ...stored, url: `/uploads/${stored.fileName}` };
}

export type ImageSpec = { seed: number; width: number; height: number };

/**
 * Several groups of pictures (`generateImage`), drawn as many at a time as the
 * machine has cores: the seed runs before the site serves anyone, so it may
 * use them all (uploads keep to half, image-pipeline.ts). Each group is
 * answered under its name, in the order asked.
 */
export async function generateImages<K extends string>(
  store: UploadStore,
  groups: Record<K, readonly ImageSpec[]>,
): Promise<Record<K, GeneratedImage[]>> {
  const queue = createTaskQueue(os.availableParallelism());
  const draw = (specs: readonly ImageSpec[]) =>
    Promise.all(
      specs.map(({ seed, width, height }) =>
        queue.run(() => generateImage(store, seed, width, height)),
      ),
    );
  const names = Object.keys(groups) as K[];
  const drawn = await Promise.all(names.map((name) => draw(groups[name])));
  return Object.fromEntries(names.map((name, index) => [name, drawn[index]])) as Record<
    K,
    GeneratedImage[]
  >;
}
