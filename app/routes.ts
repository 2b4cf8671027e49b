import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:slug", "routes/blog-post.tsx"),
    route("services", "routes/services.tsx"),
    route("services/:slug", "routes/service-detail.tsx"),
    route("gallery", "routes/gallery.tsx"),
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("setup", "routes/setup.tsx"),
    route("terms", "routes/terms.tsx"),
    route("unauthorized", "routes/unauthorized.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  ...prefix("admin", [
    layout("routes/admin/admin-layout.tsx", [
      index("routes/admin/dashboard.tsx", { id: "admin-index" }),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("posts", "routes/admin/posts.tsx"),
      route("posts/new", "routes/admin/post-editor.tsx", { id: "post-new" }),
      route("posts/:id/edit", "routes/admin/post-editor.tsx", { id: "post-edit" }),
      route("posts/edit/:id", "routes/admin/post-editor.tsx", { id: "post-edit-legacy" }),
      route("categories", "routes/admin/categories.tsx"),
      route("services", "routes/admin/services.tsx"),
      route("gallery", "routes/admin/gallery.tsx"),
      route("messages", "routes/admin/messages.tsx"),
      route("media", "routes/admin/media.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("audit-log", "routes/admin/audit-log.tsx"),
      route("*", "routes/admin/admin-not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
