import type { ReactNode } from "react";
import { Card } from "#app/features/admin/ui.tsx";
import { previewHtml } from "./preview-html.ts";

/**
 * A post or a page as it will read: title, featured image and content (run
 * through the sanitiser's allowlist), then what the form adds (a post's
 * categories and tags).
 */
export function EditorPreview({
  title,
  untitled,
  image,
  imageAlt,
  imageBroken,
  content,
  children,
}: {
  title: string;
  /** Shown while there is no title ("Untitled post"). */
  untitled: string;
  image: string;
  imageAlt: string;
  imageBroken: boolean;
  content: string;
  children?: ReactNode;
}) {
  const src = image.trim();
  return (
    <Card>
      <article aria-label="Preview">
        <h2 className="text-3xl font-bold break-words">{title || untitled}</h2>
        {src && !imageBroken ? (
          <img src={src} alt={imageAlt} className="mt-6 max-h-96 w-full rounded-lg object-cover" />
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
