import { GalleryManager } from "../../features/admin/gallery/gallery-manager.tsx";
import { RequireAuth } from "../../features/admin/guard.tsx";
import { pageMeta, rootFromMatches } from "../../lib/seo.ts";
import type { Route } from "./+types/gallery";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Gallery",
    root: rootFromMatches(matches),
    path: "/admin/gallery",
    noindex: true,
  });
}

export default function AdminGallery() {
  return (
    <RequireAuth permission="gallery:manage">
      <GalleryManager />
    </RequireAuth>
  );
}
