import { PageHeader } from "#app/features/admin/ui.tsx";
import { TAXONOMIES, TaxonomyPanel } from "./taxonomy-panel.tsx";

export function CategoriesScreen() {
  return (
    <>
      <PageHeader
        title="Categories and Tags"
        subtitle="Organise blog posts. Post counts include published posts only."
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <TaxonomyPanel kind={TAXONOMIES.categories} />
        <TaxonomyPanel kind={TAXONOMIES.tags} />
      </div>
    </>
  );
}
