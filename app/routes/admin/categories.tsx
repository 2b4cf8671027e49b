import { adminMeta, guarded } from "#app/features/admin/admin-route.tsx";
import { CategoriesScreen } from "#app/features/admin/categories/categories-screen.tsx";

export const meta = adminMeta("Categories and Tags", "/admin/categories");

export default guarded("categories:manage", CategoriesScreen);
