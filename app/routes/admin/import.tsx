import { adminMeta, guarded } from "#app/features/admin/admin-route.tsx";
import { ImportScreen } from "#app/features/admin/import/import-screen.tsx";

export const meta = adminMeta("Import", "/admin/import");

export default guarded("content:import", ImportScreen);
