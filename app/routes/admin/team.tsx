import { adminMeta, guarded } from "#app/features/admin/admin-route.tsx";
import { TeamScreen } from "#app/features/admin/team/team-screen.tsx";

export const meta = adminMeta("Team", "/admin/team");

export default guarded("team:manage", TeamScreen);
