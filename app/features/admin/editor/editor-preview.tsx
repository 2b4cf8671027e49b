import type { ReactNode } from "react";
import { Card } from "#app/features/admin/ui.tsx";
import { previewHtml } from "./preview-html.ts";

/**
 * A post or a page as it will read: title, featured image and content (run
 * through the sanitiser's allowlist), then what the form adds (a post's
 * categories and tags).
 */
export function EditorPreview({
  values: { title, featured_image, featured_image_alt, content },
  untitled,
  imageBroken,
  children,
}: {
  /** The form's values (a post's or a page's). */
  values: { title: string; featured_image: string; featured_image_alt: string; content: string };
  /** Shown while there is no title ("Untitled post"). */
  untitled: string;
  imageBroken: boolean;
  children?: ReactNode;
}) {
  const src = featured_image.trim();
  return (
    <Card>
      <article aria-label="Preview">
        <h2 className="text-3xl font-bold break-words">{title || untitled}</h2>
        {src && !imageBroken ? (
          <img
            src={src}
            alt={featured_image_alt}
            className="mt-6 max-h-96 w-full rounded-lg object-cover"
          />
        ) : null}
        <div
          className="prose-content mt-6 break-words"
          dangerouslySetInnerHTML={{ __html: previewHtml(content) }}
        />
        {children}
      </article>
    </Card>
  );
}
