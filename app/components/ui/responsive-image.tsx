import type { ImgHTMLAttributes } from "react";
import { preload } from "react-dom";
import { responsiveSources } from "#common/images.ts";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "width" | "height"> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
};

/**
 * An image with width/height (no layout shift) and, for uploads, WebP and
 * original-format variants in `srcset` so each screen downloads what it needs.
 */
export function ResponsiveImage({ src, alt, width, height, sizes, ...rest }: Props) {
  const sources = responsiveSources(src);
  if (rest.fetchPriority === "high") {
    // The page's largest paint: React puts this preload at the top of <head>,
    // ahead of the script preloads, so the image is not queued behind them.
    preload(src, {
      as: "image",
      fetchPriority: "high",
      ...(sources ? { imageSrcSet: sources.webp, imageSizes: sizes, type: "image/webp" } : {}),
    });
  }
  const img = (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      {...(sources ? { srcSet: sources.original, sizes } : {})}
      {...rest}
    />
  );
  if (!sources) return img;
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
