import { PostsScreen } from "../../features/admin/posts/posts-screen.tsx";
import { pageMeta, rootFromMatches } from "../../lib/seo.ts";
import type { Route } from "./+types/posts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Posts",
    root: rootFromMatches(matches),
    path: "/admin/posts",
    noindex: true,
  });
}

export default function PostsPage() {
  return <PostsScreen />;
}
