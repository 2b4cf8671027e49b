import { adminMeta } from "../../features/admin/admin-route.tsx";
import { TAXONOMIES, TaxonomyPanel } from "../../features/admin/categories/taxonomy-panel.tsx";
import { RequireAuth } from "../../features/admin/guard.tsx";
import { PageHeader } from "../../features/admin/ui.tsx";

export const meta = adminMeta("Categories and Tags", "/admin/categories");

export default function AdminCategories() {
  return (
    <RequireAuth permission="categories:manage">
      <PageHeader
        title="Categories and Tags"
        subtitle="Organise blog posts. Post counts include published posts only."
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <TaxonomyPanel kind={TAXONOMIES.categories} />
        <TaxonomyPanel kind={TAXONOMIES.tags} />
      </div>
    </RequireAuth>
  );
}
