import { adminMeta } from "../../features/admin/admin-route.tsx";
import { PostsScreen } from "../../features/admin/posts/posts-screen.tsx";

export const meta = adminMeta("Posts", "/admin/posts");

export default PostsScreen;
