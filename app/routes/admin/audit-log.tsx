import { AuditLog } from "../../features/admin/audit/audit-log.tsx";
import { RequireAuth } from "../../features/admin/guard.tsx";
import { pageMeta, rootFromMatches } from "../../lib/seo.ts";
import type { Route } from "./+types/audit-log";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Audit log",
    root: rootFromMatches(matches),
    path: "/admin/audit-log",
    noindex: true,
  });
}

export default function AdminAuditLog() {
  return (
    <RequireAuth permission="audit:view">
      <AuditLog />
    </RequireAuth>
  );
}
