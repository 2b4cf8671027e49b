import { adminMeta, guarded } from "../../features/admin/admin-route.tsx";
import { PagesScreen } from "../../features/admin/pages/pages-screen.tsx";

export const meta = adminMeta("Pages", "/admin/pages");

export default guarded("pages:manage", PagesScreen);
