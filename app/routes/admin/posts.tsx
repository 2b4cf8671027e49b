import { adminMeta } from "#app/features/admin/admin-route.tsx";
import { PostsScreen } from "#app/features/admin/posts/posts-screen.tsx";

export const meta = adminMeta("Posts", "/admin/posts");

export default PostsScreen;
