import type { GalleryCategory } from "#common/types.ts";

/** The options of a gallery category select: none first, then each category. */
export function CategoryOptions({ categories }: { categories: readonly GalleryCategory[] }) {
  return (
    <>
      <option value="">No category</option>
      {categories.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </>
  );
}
