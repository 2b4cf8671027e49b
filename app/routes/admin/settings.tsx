import { adminMeta, guarded } from "#app/features/admin/admin-route.tsx";
import { SettingsScreen } from "#app/features/admin/settings/settings-screen.tsx";

export const meta = adminMeta("Site Settings", "/admin/settings");

export default guarded("settings:manage", SettingsScreen);
