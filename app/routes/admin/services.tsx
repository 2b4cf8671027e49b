import { RequireAuth } from "../../features/admin/guard.tsx";
import { ServicesManager } from "../../features/admin/services/services-manager.tsx";
import { pageMeta, rootFromMatches } from "../../lib/seo.ts";
import type { Route } from "./+types/services";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Services",
    root: rootFromMatches(matches),
    path: "/admin/services",
    noindex: true,
  });
}

export default function AdminServices() {
  return (
    <RequireAuth permission="services:manage">
      <ServicesManager />
    </RequireAuth>
  );
}
