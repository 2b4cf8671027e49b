import { adminMeta, guarded } from "../../features/admin/admin-route.tsx";
import { UsersScreen } from "../../features/admin/users/users-screen.tsx";

export const meta = adminMeta("User Management", "/admin/users");

export default guarded("users:manage", UsersScreen);
