import { adminMeta, guarded } from "#app/features/admin/admin-route.tsx";
import { ProfileScreen } from "#app/features/admin/profile/profile-screen.tsx";

export const meta = adminMeta("Profile", "/admin/profile");

export default guarded("admin:access", ProfileScreen);
