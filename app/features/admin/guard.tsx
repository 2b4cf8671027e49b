import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { Spinner } from "#app/components/ui/form.tsx";
import { useAuth } from "#app/lib/auth.tsx";
import type { Role } from "#common/enums.ts";
import { can, type Permission } from "#common/permissions.ts";

/**
 * The protected-route guard: a spinner while auth loads,
 * /login (replacing history, carrying the requested location) when signed
 * out, /unauthorized when the role is not allowed.
 */
export function RequireAuth({
  roles,
  permission,
  children,
}: {
  roles?: Role | Role[];
  permission?: Permission;
  children: ReactNode;
}) {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === "loading") return <Spinner />;
  if (status !== "authenticated" || !user) {
    // The requested location travels in the URL (it survives a reload). No
    // `state` object here: a new one each render would make <Navigate> loop.
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace />;
  }
  const allowed = roles ? (Array.isArray(roles) ? roles : [roles]) : null;
  if ((allowed && !allowed.includes(user.role)) || (permission && !can(user, permission))) {
    return <Navigate to="/unauthorized" replace />;
  }
  return <>{children}</>;
}
