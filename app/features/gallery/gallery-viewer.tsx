import { useCallback, useEffect, useRef, useState } from "react";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import type { GalleryImage } from "#common/types.ts";

export const AUTOPLAY_MS = 3000;

/**
 * Carousel with autoplay, thumbnails and a lightbox. Opening
 * the lightbox stops autoplay; arrows wrap around; Escape closes it and focus
 * returns to what opened it.
 */
export function GalleryViewer({ images }: { images: GalleryImage[] }) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const count = images.length;

  const wrap = useCallback((i: number) => (i + count) % count, [count]);

  useEffect(() => {
    if (!playing || lightbox !== null || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [playing, lightbox, count]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (lightbox !== null && !dialog.open) dialog.showModal();
    if (lightbox === null && dialog.open) dialog.close();
  }, [lightbox]);

  function open(i: number, trigger: HTMLElement) {
    opener.current = trigger;
    setPlaying(false);
    setIndex(i);
    setLightbox(i);
  }

  function close() {
    setLightbox(null);
    opener.current?.focus();
  }

  if (count === 0) return null;
  const current = images[index]!;
  const shown = lightbox !== null ? images[lightbox]! : null;

  return (
    <div>
      <section aria-roledescription="carousel" aria-label="Gallery" className="relative">
        <div className="relative overflow-hidden rounded-xl bg-slate-900">
          <ResponsiveImage
            key={current.id}
            src={current.url}
            alt={current.alt || current.title}
            width={current.width ?? 1200}
            height={current.height ?? 800}
            sizes="(min-width: 1152px) 1120px, 100vw"
            fetchPriority={index === 0 ? "high" : undefined}
            className="aspect-[3/2] w-full object-cover"
          />
          <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-4 text-white">
            <p className="text-lg font-semibold" aria-live={playing ? "off" : "polite"}>
              {current.title}
            </p>
            {current.description ? <p className="text-sm">{current.description}</p> : null}
          </div>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn-outline"
            onClick={() => setIndex((i) => wrap(i - 1))}
          >
            ‹ Previous
          </button>
          <button type="button" className="btn-outline" onClick={() => setPlaying((p) => !p)}>
            {playing ? "Pause" : "Play"}
          </button>
          <button
            type="button"
            className="btn-outline"
            onClick={() => setIndex((i) => wrap(i + 1))}
          >
            Next ›
          </button>
          <button
            type="button"
            className="btn-primary"
            onClick={(e) => open(index, e.currentTarget)}
          >
            View Larger
          </button>
          <span className="text-sm text-slate-600 dark:text-slate-300">
            {index + 1} / {count}
          </span>
        </div>
      </section>

      <ul
        className="mt-8 grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6"
        aria-label="Thumbnails"
      >
        {images.map((image, i) => (
          <li key={image.id}>
            <button
              type="button"
              onClick={(e) => open(i, e.currentTarget)}
              className={`block w-full overflow-hidden rounded-lg ring-offset-2 ${i === index ? "ring-2 ring-brand-strong" : ""}`}
              aria-label={`Open ${image.title}`}
              aria-current={i === index ? "true" : undefined}
            >
              <ResponsiveImage
                src={image.thumbnail || image.url}
                alt=""
                width={300}
                height={200}
                sizes="(min-width: 768px) 180px, 33vw"
                loading="lazy"
                className="aspect-[3/2] w-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>

      <dialog
        ref={dialogRef}
        aria-label={shown ? shown.title : "Image viewer"}
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        onKeyDown={(e) => {
          if (lightbox === null) return;
          if (e.key === "ArrowRight") setLightbox(wrap(lightbox + 1));
          if (e.key === "ArrowLeft") setLightbox(wrap(lightbox - 1));
        }}
        className="m-auto max-h-[95vh] w-[min(95vw,1200px)] rounded-xl bg-slate-950 p-0 text-white backdrop:bg-black/80"
      >
        {shown ? (
          <div className="relative">
            <ResponsiveImage
              src={shown.url}
              alt={shown.alt || shown.title}
              width={shown.width ?? 1200}
              height={shown.height ?? 800}
              sizes="95vw"
              className="max-h-[80vh] w-full object-contain"
            />
            <div className="flex items-center justify-between gap-3 p-4">
              <button
                type="button"
                className="btn border border-white/40"
                onClick={() => setLightbox(wrap(lightbox! - 1))}
                aria-label="Previous image"
              >
                ‹
              </button>
              <p className="text-center">
                <span className="font-semibold">{shown.title}</span>{" "}
                <span className="text-sm text-slate-300">
                  ({lightbox! + 1} / {count})
                </span>
              </p>
              <button
                type="button"
                className="btn border border-white/40"
                onClick={() => setLightbox(wrap(lightbox! + 1))}
                aria-label="Next image"
              >
                ›
              </button>
            </div>
            <button
              type="button"
              className="absolute top-2 right-2 rounded-full bg-black/60 px-3 py-1 text-lg"
              onClick={close}
              aria-label="Close"
            >
              ×
            </button>
          </div>
        ) : null}
      </dialog>
    </div>
  );
}
