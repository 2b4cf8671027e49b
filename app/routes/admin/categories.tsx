import { TAXONOMIES, TaxonomyPanel } from "../../features/admin/categories/taxonomy-panel.tsx";
import { RequireAuth } from "../../features/admin/guard.tsx";
import { PageHeader } from "../../features/admin/ui.tsx";
import { pageMeta, rootFromMatches } from "../../lib/seo.ts";
import type { Route } from "./+types/categories";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Categories and Tags",
    root: rootFromMatches(matches),
    path: "/admin/categories",
    noindex: true,
  });
}

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
