import { adminMeta, guarded } from "../../features/admin/admin-route.tsx";
import { TeamScreen } from "../../features/admin/team/team-screen.tsx";

export const meta = adminMeta("Team", "/admin/team");

export default guarded("team:manage", TeamScreen);
