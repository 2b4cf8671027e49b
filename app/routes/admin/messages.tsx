import { RequireAuth } from "../../features/admin/guard.tsx";
import { MessagesManager } from "../../features/admin/messages/messages-manager.tsx";
import { pageMeta, rootFromMatches } from "../../lib/seo.ts";
import type { Route } from "./+types/messages";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Messages",
    root: rootFromMatches(matches),
    path: "/admin/messages",
    noindex: true,
  });
}

export default function AdminMessages() {
  return (
    <RequireAuth permission="messages:manage">
      <MessagesManager />
    </RequireAuth>
  );
}
