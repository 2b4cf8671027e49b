import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { LAST_ADMIN_MESSAGES } from "../../../../common/limits.ts";
import type { User, UserStatus } from "../../../../common/types.ts";
import { Alert, Spinner } from "../../../components/ui/form.tsx";
import { ApiError, api, apiData } from "../../../lib/api.ts";
import { useAuth } from "../../../lib/auth.tsx";
import { FlashBanners, useFlash } from "../flash.tsx";
import { useSelection } from "../selection.tsx";
import { inputClass, PageHeader, smallButton } from "../ui.tsx";
import { AddUserDialog, EditUserDialog } from "./user-form.tsx";
import { fullName, UsersTable } from "./users-table.tsx";

export const MESSAGES = {
  loadFailed: "Failed to load users. Please try again.",
  statusFailed: "Failed to update user status. Please try again.",
  deleteFailed: "Failed to delete user. Please try again.",
  bulkDeleteFailed: "Failed to delete some users. Please try again.",
  resendFailed: "Failed to send the invitation. Please try again.",
  bulkStatusFailed: "Failed to activate/deactivate some users. Please try again.",
  selectFirst: "Please select users first",
  chooseAction: "Please choose a bulk action first",
  lastAdmin: LAST_ADMIN_MESSAGES.delete,
  allAdmins: LAST_ADMIN_MESSAGES.deleteAll,
  confirmDelete: "Are you sure you want to delete this user?",
  confirmBulkDelete: (n: number) => `Are you sure you want to delete ${n} users?`,
  confirmSelfDeactivate:
    "You are about to deactivate your own account and will be signed out. Continue?",
} as const;

type BulkAction = "" | "activate" | "deactivate" | "delete";

/** The server's reason when it gives one (conflicts, refusals), else the fallback. */
function reason(error: unknown, fallback: string): string {
  if (error instanceof ApiError && [400, 403, 404, 409].includes(error.status)) {
    return error.serverMessage || fallback;
  }
  return fallback;
}

function matches(user: User, query: string) {
  if (!query) return true;
  const q = query.toLowerCase();
  return [user.username, user.email, fullName(user), user.role].some((v) =>
    (v ?? "").toLowerCase().includes(q),
  );
}

/** The whole user (as the API answered it) with some fields changed. */
function wholeUser(user: User, patch: Partial<User>) {
  const { id, username, email, first_name, last_name, role, status, last_login, created_at } = {
    ...user,
    ...patch,
  };
  return { id, username, email, first_name, last_name, role, status, last_login, created_at };
}

function toList(data: unknown): User[] {
  if (Array.isArray(data)) return data as User[];
  const users = (data as { users?: unknown } | null)?.users;
  return Array.isArray(users) ? (users as User[]) : [];
}

/**
 * User Management (admin only): list, search, bulk actions, status toggle,
 * add, edit and delete users.
 */
export function UsersScreen() {
  const { user: me, setUser: setMe } = useAuth();
  const [users, setUsers] = useState<User[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [search, setSearch] = useState("");
  const [bulkAction, setBulkAction] = useState<BulkAction>("");
  const [busy, setBusy] = useState(false);
  const [pendingIds, setPendingIds] = useState<Set<number>>(new Set());
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const flash = useFlash();
  const searchId = useId();
  const bulkId = useId();

  const load = useCallback(async (quiet = false) => {
    if (!quiet) {
      setUsers(null);
      setLoadFailed(false);
    }
    try {
      const data = await apiData<unknown>("/users");
      setUsers(toList(data));
      setLoadFailed(false);
    } catch (error) {
      console.warn("users: failed to load", error);
      if (!quiet) setLoadFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const visible = useMemo(
    () => (users ?? []).filter((u) => matches(u, search.trim())),
    [users, search],
  );
  const selection = useSelection(visible.map((u) => u.id));

  const announce = flash.showSuccess;

  function replaceUser(next: User) {
    setUsers((list) => list?.map((u) => (u.id === next.id ? next : u)) ?? list);
    if (me && me.id === next.id) setMe(next);
  }

  async function toggleStatus(user: User) {
    const status: UserStatus = user.status === "active" ? "inactive" : "active";
    if (
      status === "inactive" &&
      me?.id === user.id &&
      !window.confirm(MESSAGES.confirmSelfDeactivate)
    )
      return;
    setPendingIds((s) => new Set(s).add(user.id));
    try {
      const saved = await apiData<User>(`/users/${user.id}`, {
        method: "PUT",
        body: wholeUser(user, { status }),
      });
      replaceUser(saved ?? { ...user, status });
    } catch (error) {
      console.warn("users: status change failed", error);
      window.alert(reason(error, MESSAGES.statusFailed));
    } finally {
      setPendingIds((s) => {
        const next = new Set(s);
        next.delete(user.id);
        return next;
      });
    }
  }

  async function deleteOne(user: User) {
    const admins = (users ?? []).filter((u) => u.role === "admin");
    if (user.role === "admin" && admins.length <= 1) {
      window.alert(MESSAGES.lastAdmin);
      return;
    }
    if (!window.confirm(MESSAGES.confirmDelete)) return;
    setPendingIds((s) => new Set(s).add(user.id));
    try {
      await api(`/users/${user.id}`, { method: "DELETE" });
      setUsers((list) => list?.filter((u) => u.id !== user.id) ?? list);
      selection.remove(user.id);
      announce(`User ${user.username} deleted.`);
    } catch (error) {
      console.warn("users: delete failed", error);
      window.alert(reason(error, MESSAGES.deleteFailed));
    } finally {
      setPendingIds((s) => {
        const next = new Set(s);
        next.delete(user.id);
        return next;
      });
    }
  }

  async function resendInvitation(user: User) {
    setPendingIds((s) => new Set(s).add(user.id));
    try {
      await api(`/users/${user.id}/invite`, { method: "POST" });
      announce(`Invitation sent again to ${user.email}. The earlier link no longer works.`);
    } catch (error) {
      console.warn("users: resend invitation failed", error);
      window.alert(reason(error, MESSAGES.resendFailed));
    } finally {
      setPendingIds((s) => {
        const next = new Set(s);
        next.delete(user.id);
        return next;
      });
    }
  }

  async function applyBulk() {
    const ids = [...selection.ids];
    if (ids.length === 0) {
      window.alert(MESSAGES.selectFirst);
      return;
    }
    if (!bulkAction) {
      window.alert(MESSAGES.chooseAction);
      return;
    }
    if (bulkAction === "delete") {
      const admins = (users ?? []).filter((u) => u.role === "admin");
      if (admins.length > 0 && admins.every((a) => selection.has(a.id))) {
        window.alert(MESSAGES.allAdmins);
        return;
      }
      if (!window.confirm(MESSAGES.confirmBulkDelete(ids.length))) return;
    }
    if (bulkAction === "deactivate" && me && selection.has(me.id)) {
      if (!window.confirm(MESSAGES.confirmSelfDeactivate)) return;
    }
    setBusy(true);
    try {
      await api("/users/bulk", { body: { action: bulkAction, ids } });
      selection.clear();
      setBulkAction("");
      const done =
        bulkAction === "delete"
          ? "deleted"
          : bulkAction === "activate"
            ? "activated"
            : "deactivated";
      announce(`${ids.length} ${ids.length === 1 ? "user" : "users"} ${done}.`);
      await load(true);
    } catch (error) {
      console.warn(`users: bulk ${bulkAction} failed`, error);
      window.alert(
        reason(
          error,
          bulkAction === "delete" ? MESSAGES.bulkDeleteFailed : MESSAGES.bulkStatusFailed,
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  if (loadFailed) {
    return (
      <div className="py-8">
        <Alert kind="error">{MESSAGES.loadFailed}</Alert>
        <button type="button" className="btn-outline mt-4" onClick={() => void load()}>
          Try Again
        </button>
      </div>
    );
  }

  const nothingSelected = selection.ids.size === 0;

  return (
    <div>
      <PageHeader
        title="User Management"
        subtitle="Manage user accounts, roles and access"
        actions={
          <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
            Add New User
          </button>
        }
      />
      <FlashBanners flash={flash} />
      {users === null ? (
        <Spinner label="Loading users..." />
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
            <div className="w-full sm:w-72">
              <label htmlFor={searchId} className="sr-only">
                Search users
              </label>
              <input
                id={searchId}
                type="search"
                placeholder="Search users..."
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                className={inputClass}
              />
            </div>
            <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
              <label htmlFor={bulkId} className="sr-only">
                Bulk Actions
              </label>
              <select
                id={bulkId}
                value={bulkAction}
                onChange={(e) => setBulkAction(e.target.value as BulkAction)}
                className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
              >
                <option value="">Bulk Actions</option>
                <option value="activate">Activate</option>
                <option value="deactivate">Deactivate</option>
                <option value="delete">Delete</option>
              </select>
              <button
                type="button"
                className={`${smallButton} px-4 py-2 text-sm aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
                aria-disabled={nothingSelected || busy ? true : undefined}
                onClick={() => {
                  if (busy) return;
                  void applyBulk();
                }}
              >
                {busy ? "Applying..." : "Apply"}
              </button>
              <span className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
                {selection.ids.size ? `${selection.ids.size} selected` : ""}
              </span>
            </div>
          </div>
          <UsersTable
            users={visible}
            selection={selection}
            pendingIds={pendingIds}
            onToggleStatus={(user) => void toggleStatus(user)}
            onEdit={setEditing}
            onResendInvitation={(user) => void resendInvitation(user)}
            onDelete={(user) => void deleteOne(user)}
          />
        </div>
      )}
      {adding && users ? (
        <AddUserDialog
          users={users}
          onClose={() => setAdding(false)}
          onCreated={(created) => {
            setAdding(false);
            setUsers((list) => (list ? [created, ...list] : [created]));
            announce(
              created.invitation_pending
                ? `User ${created.username} added. An invitation was sent to ${created.email}.`
                : `User ${created.username} added.`,
            );
          }}
        />
      ) : null}
      {editing && users ? (
        <EditUserDialog
          user={editing}
          users={users}
          isSelf={me?.id === editing.id}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            replaceUser(saved);
            announce(`User ${saved.username} updated.`);
          }}
        />
      ) : null}
    </div>
  );
}
