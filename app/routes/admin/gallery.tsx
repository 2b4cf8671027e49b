import { adminMeta, guarded } from "#app/features/admin/admin-route.tsx";
import { GalleryManager } from "#app/features/admin/gallery/gallery-manager.tsx";

export const meta = adminMeta("Gallery", "/admin/gallery");

export default guarded("gallery:manage", GalleryManager);
