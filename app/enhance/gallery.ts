import { responsiveSources } from "#common/images.ts";

type Slide = {
  src: string;
  alt: string;
  title: string;
  description: string;
  width: string;
  height: string;
};

const LIGHTBOX_IMAGE_CLASS = "max-h-[80vh] w-full object-contain";

/**
 * An image as `ResponsiveImage` renders it: an upload gets its WebP and
 * original-format variants in a <picture>, any other address a plain <img>.
 */
function imageElement(slide: Slide, sizes: string, className: string): HTMLElement {
  const img = document.createElement("img");
  img.src = slide.src;
  img.alt = slide.alt;
  img.width = Number(slide.width);
  img.height = Number(slide.height);
  img.decoding = "async";
  img.className = className;
  const sources = responsiveSources(slide.src);
  if (!sources) return img;
  img.srcset = sources.original;
  img.sizes = sizes;
  const picture = document.createElement("picture");
  picture.className = "contents";
  const webp = document.createElement("source");
  webp.type = "image/webp";
  webp.srcset = sources.webp;
  webp.sizes = sizes;
  picture.append(webp, img);
  return picture;
}

/**
 * The gallery (gallery-viewer.tsx): autoplay every `data-autoplay-ms` until
 * paused or the lightbox opens (paused from the start for a visitor who
 * prefers reduced motion); Previous and Next wrap around; a thumbnail or
 * View Larger opens the lightbox on its image, whose arrows and arrow keys
 * wrap around, and which Escape or Close shut, giving the focus back to what
 * opened it.
 */
export function enhanceGallery(root: HTMLElement) {
  const thumbs = [...root.querySelectorAll<HTMLButtonElement>('[data-action="open"]')];
  const slides: Slide[] = thumbs.map((thumb) => ({
    src: thumb.dataset.src ?? "",
    alt: thumb.dataset.alt ?? "",
    title: thumb.dataset.title ?? "",
    description: thumb.dataset.description ?? "",
    width: thumb.dataset.width ?? "1200",
    height: thumb.dataset.height ?? "800",
  }));
  const count = slides.length;
  const find = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  const slideImage = find("[data-slide-image]");
  const slideClass = slideImage.querySelector("img")?.className ?? "";
  const title = find("[data-slide-title]");
  const description = find("[data-slide-description]");
  const counter = find("[data-counter]");
  const play = find<HTMLButtonElement>('[data-action="play"]');
  const dialog = find<HTMLDialogElement>("dialog");
  const action = (name: string) => find<HTMLButtonElement>(`[data-action="${name}"]`);
  const wrap = (i: number) => (i + count) % count;

  let index = 0;
  let playing = true;
  let lightbox: number | null = null;
  let opener: HTMLElement | null = null;

  function show(next: number) {
    index = wrap(next);
    const slide = slides[index]!;
    slideImage.replaceChildren(imageElement(slide, slideImage.dataset.sizes ?? "", slideClass));
    title.textContent = slide.title;
    description.textContent = slide.description;
    description.hidden = !slide.description;
    counter.textContent = `${index + 1} / ${count}`;
    thumbs.forEach((thumb, i) => {
      thumb.classList.toggle("ring-2", i === index);
      thumb.classList.toggle("ring-brand-strong", i === index);
      if (i === index) thumb.setAttribute("aria-current", "true");
      else thumb.removeAttribute("aria-current");
    });
  }

  function setPlaying(value: boolean) {
    playing = value;
    play.textContent = playing ? "Pause" : "Play";
    title.setAttribute("aria-live", playing ? "off" : "polite");
  }

  function showInLightbox(next: number) {
    lightbox = wrap(next);
    const slide = slides[lightbox]!;
    dialog.setAttribute("aria-label", slide.title);
    const image = find("[data-lightbox-image]");
    image.replaceChildren(imageElement(slide, image.dataset.sizes ?? "", LIGHTBOX_IMAGE_CLASS));
    find("[data-lightbox-title]").textContent = slide.title;
    find("[data-lightbox-counter]").textContent = `(${lightbox + 1} / ${count})`;
  }

  function open(i: number, trigger: HTMLElement) {
    opener = trigger;
    setPlaying(false);
    show(i);
    showInLightbox(i);
    if (!dialog.open) dialog.showModal();
  }

  function close() {
    lightbox = null;
    if (dialog.open) dialog.close();
    opener?.focus();
  }

  action("previous").addEventListener("click", () => show(index - 1));
  action("next").addEventListener("click", () => show(index + 1));
  play.addEventListener("click", () => setPlaying(!playing));
  action("larger").addEventListener("click", (event) =>
    open(index, event.currentTarget as HTMLElement),
  );
  thumbs.forEach((thumb, i) => {
    thumb.addEventListener("click", () => open(i, thumb));
  });
  action("lightbox-previous").addEventListener("click", () => showInLightbox(lightbox! - 1));
  action("lightbox-next").addEventListener("click", () => showInLightbox(lightbox! + 1));
  action("close").addEventListener("click", close);
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    close();
  });
  dialog.addEventListener("keydown", (event) => {
    if (lightbox === null) return;
    if (event.key === "ArrowRight") showInLightbox(lightbox + 1);
    if (event.key === "ArrowLeft") showInLightbox(lightbox - 1);
  });

  // A visitor who asked their system for less motion starts paused (Play starts it).
  if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) setPlaying(false);

  const autoplayMs = Number(root.dataset.autoplayMs) || 3000;
  const timer = setInterval(() => {
    // Gone with a navigation React made: stop.
    if (!root.isConnected) clearInterval(timer);
    else if (playing && lightbox === null && count > 1) show(index + 1);
  }, autoplayMs);
}
