import { splitTags } from "../posts/post-helpers.ts";
import { Card } from "../ui.tsx";
import type { PostFormValues } from "./post-form-values.ts";
import { previewHtml } from "./preview-html.ts";

/** The post as it will read: title, featured image, content, categories and tags. */
export function PostPreview({
  values,
  imageBroken,
}: {
  values: PostFormValues;
  imageBroken: boolean;
}) {
  const image = values.featuredImage.trim();
  const tags = splitTags(values.tags);
  return (
    <Card>
      <article aria-label="Preview">
        <h2 className="text-3xl font-bold break-words">{values.title || "Untitled post"}</h2>
        {image && !imageBroken ? (
          <img
            src={image}
            alt={values.featuredImageAlt}
            className="mt-6 max-h-96 w-full rounded-lg object-cover"
          />
        ) : null}
        <div
          className="prose-content mt-6 break-words"
          dangerouslySetInnerHTML={{ __html: previewHtml(values.content) }}
        />
        {values.categories.length ? (
          <div className="mt-6">
            <h3 className="text-sm font-semibold">Categories</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {values.categories.map((name) => (
                <li
                  key={name}
                  className="rounded-full bg-blue-100 px-3 py-1 text-xs font-medium text-blue-900 dark:bg-blue-900 dark:text-blue-100"
                >
                  {name}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {tags.length ? (
          <div className="mt-4">
            <h3 className="text-sm font-semibold">Tags</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full bg-slate-200 px-3 py-1 text-xs font-medium text-slate-900 dark:bg-slate-700 dark:text-slate-100"
                >
                  #{tag}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </article>
    </Card>
  );
}
