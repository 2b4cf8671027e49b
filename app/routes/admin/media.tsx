import { guarded } from "#app/features/admin/admin-route.tsx";
import { MediaScreen } from "#app/features/admin/media/media-screen.tsx";

export default guarded("uploads:create", MediaScreen);
