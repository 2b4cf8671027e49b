import type { ImgHTMLAttributes } from "react";
import { responsiveSources } from "../../../common/images.ts";

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
