import { adminMeta, guarded } from "../../features/admin/admin-route.tsx";
import { ProfileScreen } from "../../features/admin/profile/profile-screen.tsx";

export const meta = adminMeta("Profile", "/admin/profile");

export default guarded("admin:access", ProfileScreen);
