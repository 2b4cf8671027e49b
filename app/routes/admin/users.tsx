import { RequireAuth } from "../../features/admin/guard.tsx";
import { UsersScreen } from "../../features/admin/users/users-screen.tsx";
import { pageMeta, rootFromMatches } from "../../lib/seo.ts";
import type { Route } from "./+types/users";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "User Management",
    root: rootFromMatches(matches),
    path: "/admin/users",
    noindex: true,
  });
}

export default function UsersRoute() {
  return (
    <RequireAuth permission="users:manage">
      <UsersScreen />
    </RequireAuth>
  );
}
