import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import type { GalleryImage } from "#common/types.ts";

export const AUTOPLAY_MS = 3000;

/** `sizes` of the carousel's image and of the lightbox's. */
const SLIDE_SIZES = "(min-width: 1152px) 1120px, 100vw";
const LIGHTBOX_SIZES = "95vw";

/**
 * Carousel with autoplay, thumbnails and a lightbox. The server renders the
 * first image, every thumbnail (which carries its image's details) and the
 * closed lightbox; `app/enhance/gallery.ts` does the rest in the browser:
 * autoplay, Previous / Pause / Next, the lightbox (which stops autoplay,
 * wraps around with its arrows and the arrow keys, closes with Escape and
 * gives the focus back to what opened it).
 */
export function GalleryViewer({ images }: { images: GalleryImage[] }) {
  const count = images.length;
  if (count === 0) return null;
  const first = images[0]!;
  return (
    <div data-enhance="gallery" data-autoplay-ms={AUTOPLAY_MS}>
      <section aria-roledescription="carousel" aria-label="Gallery" className="relative">
        <div className="relative overflow-hidden rounded-xl bg-slate-900">
          <span className="contents" data-slide-image data-sizes={SLIDE_SIZES}>
            <ResponsiveImage
              src={first.url}
              alt={first.alt || first.title}
              width={first.width ?? 1200}
              height={first.height ?? 800}
              sizes={SLIDE_SIZES}
              fetchPriority="high"
              className="aspect-[3/2] w-full object-cover"
            />
          </span>
          <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-4 text-white">
            <p className="text-lg font-semibold" aria-live="off" data-slide-title>
              {first.title}
            </p>
            <p className="text-sm" data-slide-description hidden={!first.description}>
              {first.description}
            </p>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="button" className="btn-outline" data-action="previous">
            ‹ Previous
          </button>
          <button type="button" className="btn-outline" data-action="play">
            Pause
          </button>
          <button type="button" className="btn-outline" data-action="next">
            Next ›
          </button>
          <button type="button" className="btn-primary" data-action="larger">
            View Larger
          </button>
          <span className="text-sm text-slate-600 dark:text-slate-300" data-counter>
            {`1 / ${count}`}
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
              data-action="open"
              data-src={image.url}
              data-alt={image.alt || image.title}
              data-title={image.title}
              data-description={image.description || undefined}
              data-width={image.width ?? 1200}
              data-height={image.height ?? 800}
              className={`block w-full overflow-hidden rounded-lg ring-offset-2 ${i === 0 ? "ring-2 ring-brand-strong" : ""}`}
              aria-label={`Open ${image.title}`}
              aria-current={i === 0 ? "true" : undefined}
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
        aria-label="Image viewer"
        className="m-auto max-h-[95vh] w-[min(95vw,1200px)] rounded-xl bg-slate-950 p-0 text-white backdrop:bg-black/80"
      >
        <div className="relative">
          <span className="contents" data-lightbox-image data-sizes={LIGHTBOX_SIZES} />
          <div className="flex items-center justify-between gap-3 p-4">
            <StepButton action="lightbox-previous" label="Previous image">
              ‹
            </StepButton>
            <p className="text-center">
              <span className="font-semibold" data-lightbox-title />{" "}
              <span className="text-sm text-slate-300" data-lightbox-counter />
            </p>
            <StepButton action="lightbox-next" label="Next image">
              ›
            </StepButton>
          </div>
          <button
            type="button"
            className="absolute top-2 right-2 rounded-full bg-black/60 px-3 py-1 text-lg"
            data-action="close"
            aria-label="Close"
          >
            ×
          </button>
        </div>
      </dialog>
    </div>
  );
}

/** The lightbox's previous or next button (app/enhance/ acts on its `data-action`). */
function StepButton({
  action,
  label,
  children,
}: {
  action: "lightbox-previous" | "lightbox-next";
  label: string;
  children: string;
}) {
  return (
    <button
      type="button"
      className="btn border border-white/40"
      data-action={action}
      aria-label={label}
    >
      {children}
    </button>
  );
}
