import { adminMeta, guarded } from "#app/features/admin/admin-route.tsx";
import { MessagesManager } from "#app/features/admin/messages/messages-manager.tsx";

export const meta = adminMeta("Messages", "/admin/messages");

export default guarded("messages:manage", MessagesManager);
