import { adminMeta, guarded } from "#app/features/admin/admin-route.tsx";
import { UsersScreen } from "#app/features/admin/users/users-screen.tsx";

export const meta = adminMeta("User Management", "/admin/users");

export default guarded("users:manage", UsersScreen);
