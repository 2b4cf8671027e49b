import { adminMeta, guarded } from "#app/features/admin/admin-route.tsx";
import { AuditLog } from "#app/features/admin/audit/audit-log.tsx";

export const meta = adminMeta("Audit log", "/admin/audit-log");

export default guarded("audit:view", AuditLog);
