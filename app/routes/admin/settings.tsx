import { RequireAuth } from "../../features/admin/guard.tsx";
import { SettingsScreen } from "../../features/admin/settings/settings-screen.tsx";
import { pageMeta, rootFromMatches } from "../../lib/seo.ts";
import type { Route } from "./+types/settings";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Site Settings",
    root: rootFromMatches(matches),
    path: "/admin/settings",
    noindex: true,
  });
}

export default function SettingsRoute() {
  return (
    <RequireAuth permission="settings:manage">
      <SettingsScreen />
    </RequireAuth>
  );
}
