import { RequireAuth } from "../../features/admin/guard.tsx";
import { Outbox } from "../../features/admin/outbox/outbox.tsx";
import { pageMeta, rootFromMatches } from "../../lib/seo.ts";
import type { Route } from "./+types/outbox";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Outbox",
    root: rootFromMatches(matches),
    path: "/admin/outbox",
    noindex: true,
  });
}

export default function AdminOutbox() {
  return (
    <RequireAuth permission="mail:view">
      <Outbox />
    </RequireAuth>
  );
}
