import { RequireAuth } from "../../features/admin/guard.tsx";
import { ProfileScreen } from "../../features/admin/profile/profile-screen.tsx";
import { pageMeta, rootFromMatches } from "../../lib/seo.ts";
import type { Route } from "./+types/profile";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Profile",
    root: rootFromMatches(matches),
    path: "/admin/profile",
    noindex: true,
  });
}

export default function AdminProfile() {
  return (
    <RequireAuth permission="admin:access">
      <ProfileScreen />
    </RequireAuth>
  );
}
