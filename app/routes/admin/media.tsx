import { guarded } from "../../features/admin/admin-route.tsx";
import { MediaScreen } from "../../features/admin/media/media-screen.tsx";

export default guarded("uploads:create", MediaScreen);
