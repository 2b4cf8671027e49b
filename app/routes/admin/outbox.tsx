import { adminMeta, guarded } from "#app/features/admin/admin-route.tsx";
import { Outbox } from "#app/features/admin/outbox/outbox.tsx";

export const meta = adminMeta("Outbox", "/admin/outbox");

export default guarded("mail:view", Outbox);
