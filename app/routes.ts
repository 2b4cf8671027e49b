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
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("accept-invite", "routes/accept-invite.tsx"),
    route("confirm-email", "routes/confirm-email.tsx"),
    route("setup", "routes/setup.tsx"),
    route("unauthorized", "routes/unauthorized.tsx"),
    // A draft's secret preview link (issue 23): never cached, never indexed.
    route("preview/:secret", "routes/preview.tsx"),
    // Company pages (Terms, Privacy, Careers, …): any other one-segment address.
    // Their slugs may not be one of the first segments above (common/reserved-slugs.ts).
    route(":slug", "routes/page.tsx"),
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
      route("pages", "routes/admin/pages.tsx"),
      route("pages/new", "routes/admin/page-editor.tsx", { id: "page-new" }),
      route("pages/:id/edit", "routes/admin/page-editor.tsx", { id: "page-edit" }),
      route("gallery", "routes/admin/gallery.tsx"),
      route("team", "routes/admin/team.tsx"),
      route("messages", "routes/admin/messages.tsx"),
      route("media", "routes/admin/media.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("audit-log", "routes/admin/audit-log.tsx"),
      route("outbox", "routes/admin/outbox.tsx"),
      route("import", "routes/admin/import.tsx"),
      route("profile", "routes/admin/profile.tsx"),
      route("*", "routes/admin/admin-not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
