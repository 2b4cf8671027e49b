import { splitTags } from "#app/features/admin/posts/post-helpers.ts";
import { EditorPreview } from "./editor-preview.tsx";
import type { PostFormValues } from "./post-form-values.ts";

/** The post as it will read: title, featured image, content, categories and tags. */
export function PostPreview({
  values,
  imageBroken,
}: {
  values: PostFormValues;
  imageBroken: boolean;
}) {
  const tags = splitTags(values.tags);
  return (
    <EditorPreview values={values} untitled="Untitled post" imageBroken={imageBroken}>
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
    </EditorPreview>
  );
}
