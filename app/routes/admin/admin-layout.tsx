import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { Spinner } from "#app/components/ui/form.tsx";
import { RequireAuth } from "#app/features/admin/guard.tsx";
import { ThemeToggle } from "#app/features/layout/theme-toggle.tsx";
import { AuthProvider, useAuth } from "#app/lib/auth.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { can, type Permission } from "#common/permissions.ts";
import type { Route } from "./+types/admin-layout";

// The admin renders in the browser (bearer token in localStorage); the server
// sends only this fallback.
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <Spinner />;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Admin",
    root: rootFromMatches(matches),
    path: "/admin",
    noindex: true,
  });
}

export const ADMIN_NAV: { to: string; label: string; permission: Permission }[] = [
  { to: "/admin/dashboard", label: "Dashboard", permission: "admin:access" },
  { to: "/admin/posts", label: "Posts", permission: "admin:access" },
  { to: "/admin/categories", label: "Categories", permission: "categories:manage" },
  { to: "/admin/services", label: "Services", permission: "services:manage" },
  { to: "/admin/pages", label: "Pages", permission: "pages:manage" },
  { to: "/admin/gallery", label: "Gallery", permission: "gallery:manage" },
  { to: "/admin/team", label: "Team", permission: "team:manage" },
  { to: "/admin/media", label: "Media", permission: "uploads:create" },
  { to: "/admin/messages", label: "Messages", permission: "messages:manage" },
  { to: "/admin/settings", label: "Settings", permission: "settings:manage" },
  { to: "/admin/users", label: "Users", permission: "users:manage" },
  { to: "/admin/audit-log", label: "Audit log", permission: "audit:view" },
  { to: "/admin/outbox", label: "Outbox", permission: "mail:view" },
  { to: "/admin/import", label: "Import", permission: "content:import" },
];

const SIGN_OUT_EVERYWHERE = {
  button: "Sign out everywhere",
  confirm: "Sign out on every browser and device where you are signed in, including this one?",
  failed: "Could not sign out everywhere. Please try again.",
};

function Sidebar() {
  const { user, logout, logoutEverywhere } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close on navigation
  useEffect(() => setOpen(false), [location.pathname]);
  // Escape closes the phone menu and puts the focus back on its button.
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  const items = ADMIN_NAV.filter((item) => can(user, item.permission));
  return (
    <aside className="border-b border-slate-200 bg-slate-900 text-slate-100 md:min-h-screen md:w-60 md:shrink-0 md:border-r md:border-b-0 dark:border-slate-800">
      <div className="flex items-center justify-between px-4 py-4">
        <Link to="/admin/dashboard" className="text-lg font-bold">
          Admin Panel
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="rounded-md px-3 py-1 text-sm ring-1 ring-slate-600 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? "Close menu" : "Menu"}
        </button>
      </div>
      <nav
        id={menuId}
        aria-label="Admin"
        className={`${open ? "block" : "hidden"} px-2 pb-4 md:block`}
      >
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-slate-700 text-white" : "text-slate-200 hover:bg-slate-800"}`
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-6 border-t border-slate-700 px-3 pt-4 text-sm">
          <p className="truncate text-slate-300">
            <Link
              to="/admin/profile"
              className="underline-offset-2 hover:underline"
              title="Your profile"
            >
              {user ? `${user.first_name} ${user.last_name}`.trim() || user.username : ""}
            </Link>
            <span className="block text-xs text-slate-300 capitalize">{user?.role}</span>
          </p>
          <div className="mt-3 flex items-center gap-2">
            <Link to="/" className="text-slate-200 underline-offset-2 hover:underline">
              View site
            </Link>
            <button
              type="button"
              className="ml-auto rounded-md bg-slate-700 px-3 py-1.5 text-white hover:bg-slate-600"
              onClick={async () => {
                await logout();
                navigate("/login", { replace: true });
              }}
            >
              Logout
            </button>
          </div>
          <button
            type="button"
            className="mt-3 text-left text-slate-200 underline underline-offset-2 hover:text-white disabled:opacity-60"
            disabled={signingOut}
            onClick={async () => {
              if (!window.confirm(SIGN_OUT_EVERYWHERE.confirm)) return;
              setSignOutError(null);
              setSigningOut(true);
              try {
                await logoutEverywhere();
                navigate("/login", { replace: true });
              } catch {
                setSignOutError(SIGN_OUT_EVERYWHERE.failed);
                setSigningOut(false);
              }
            }}
          >
            {SIGN_OUT_EVERYWHERE.button}
          </button>
          {signOutError ? (
            <p role="alert" className="mt-2 text-xs text-red-200">
              {signOutError}
            </p>
          ) : null}
        </div>
      </nav>
    </aside>
  );
}

export default function AdminLayout() {
  return (
    <AuthProvider>
      <AdminShell />
    </AuthProvider>
  );
}

function AdminShell() {
  return (
    <RequireAuth permission="admin:access">
      <div className="min-h-screen md:flex">
        <Sidebar />
        <div className="min-w-0 flex-1 bg-slate-50 dark:bg-slate-950">
          <div className="flex justify-end px-4 pt-3">
            <ThemeToggle />
          </div>
          <main id="main" className="px-4 pb-12 md:px-8">
            <Outlet />
          </main>
        </div>
      </div>
    </RequireAuth>
  );
}
