import { adminMeta, guarded } from "#app/features/admin/admin-route.tsx";
import { PagesScreen } from "#app/features/admin/pages/pages-screen.tsx";

export const meta = adminMeta("Pages", "/admin/pages");

export default guarded("pages:manage", PagesScreen);
