import { adminMeta, guarded } from "#app/features/admin/admin-route.tsx";
import { ServicesManager } from "#app/features/admin/services/services-manager.tsx";

export const meta = adminMeta("Services", "/admin/services");

export default guarded("services:manage", ServicesManager);
