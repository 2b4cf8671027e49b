import { adminMeta, guarded } from "../../features/admin/admin-route.tsx";
import { Outbox } from "../../features/admin/outbox/outbox.tsx";

export const meta = adminMeta("Outbox", "/admin/outbox");

export default guarded("mail:view", Outbox);
