import { useMemo, useState } from "react";
import { Alert, Spinner } from "#app/components/ui/form.tsx";
import { useSelection } from "#app/components/ui/selection.tsx";
import { FlashBanners, useFlash } from "#app/features/admin/flash.tsx";
import { PageHeader } from "#app/features/admin/ui.tsx";
import { ApiError, api, apiData } from "#app/lib/api.ts";
import { useAuth } from "#app/lib/auth.tsx";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import type { UserStatus } from "#common/enums.ts";
import { LAST_ADMIN_MESSAGES } from "#common/limits.ts";
import type { User } from "#common/types.ts";
import { AddUserDialog } from "./add-user-dialog.tsx";
import { EditUserDialog } from "./edit-user-dialog.tsx";
import { fullName, UsersTable } from "./users-table.tsx";
import { type BulkAction, UsersToolbar } from "./users-toolbar.tsx";

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
  confirmSelfDelete:
    "You are about to delete your own account and will be signed out. This cannot be undone. Continue?",
} as const;

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

/**
 * User Management (admin only): list, search, bulk actions, status toggle,
 * add, edit and delete users.
 */
export function UsersScreen() {
  const { user: me, setUser: setMe, forgetSession } = useAuth();
  const list = useApiQuery<User[]>("/users");
  const users = list.data;
  const setUsers = list.setData;
  // A quiet reload (after a bulk action) that fails keeps the list.
  const loadFailed = !!list.error && !users;
  const [search, setSearch] = useState("");
  const [bulkAction, setBulkAction] = useState<BulkAction>("");
  const mutation = useApiMutation();
  const busy = mutation.isBusy("bulk");
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const flash = useFlash();

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
    await mutation.run(
      async () => {
        const saved = await apiData<User>(`/users/${user.id}`, {
          method: "PUT",
          body: wholeUser(user, { status }),
        });
        // Deactivated, your own sessions ended: signed out here too, as the question said.
        if (status === "inactive" && me?.id === user.id) return forgetSession();
        replaceUser(saved ?? { ...user, status });
      },
      { key: user.id, onError: (e) => window.alert(reason(e, MESSAGES.statusFailed)) },
    );
  }

  async function deleteOne(user: User) {
    const admins = (users ?? []).filter((u) => u.role === "admin");
    if (user.role === "admin" && admins.length <= 1) {
      window.alert(MESSAGES.lastAdmin);
      return;
    }
    const self = me?.id === user.id;
    if (!window.confirm(self ? MESSAGES.confirmSelfDelete : MESSAGES.confirmDelete)) return;
    await mutation.run(
      async () => {
        await api(`/users/${user.id}`, { method: "DELETE" });
        if (self) return forgetSession();
        setUsers((list) => list?.filter((u) => u.id !== user.id) ?? list);
        selection.remove(user.id);
        announce(`User ${user.username} deleted.`);
      },
      { key: user.id, onError: (e) => window.alert(reason(e, MESSAGES.deleteFailed)) },
    );
  }

  async function resendInvitation(user: User) {
    await mutation.run(
      async () => {
        await api(`/users/${user.id}/invite`, { method: "POST" });
        announce(`Invitation sent again to ${user.email}. The earlier link no longer works.`);
      },
      { key: user.id, onError: (e) => window.alert(reason(e, MESSAGES.resendFailed)) },
    );
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
    const failed = bulkAction === "delete" ? MESSAGES.bulkDeleteFailed : MESSAGES.bulkStatusFailed;
    await mutation.run(
      async () => {
        await api("/users/bulk", { body: { action: bulkAction, ids } });
        // Your own account deleted or deactivated: your sessions ended with it.
        if (bulkAction !== "activate" && me && ids.includes(me.id)) return forgetSession();
        selection.clear();
        setBulkAction("");
        const done =
          bulkAction === "delete"
            ? "deleted"
            : bulkAction === "activate"
              ? "activated"
              : "deactivated";
        announce(`${ids.length} ${ids.length === 1 ? "user" : "users"} ${done}.`);
        list.reload();
      },
      { key: "bulk", onError: (e) => window.alert(reason(e, failed)) },
    );
  }

  if (loadFailed) {
    return (
      <div className="py-8">
        <Alert kind="error">{MESSAGES.loadFailed}</Alert>
        <button type="button" className="btn-outline mt-4" onClick={list.reload}>
          Try Again
        </button>
      </div>
    );
  }

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
          <UsersToolbar
            search={search}
            onSearch={setSearch}
            bulkAction={bulkAction}
            onBulkAction={setBulkAction}
            busy={busy}
            selected={selection.ids.size}
            onApply={() => void applyBulk()}
          />
          <UsersTable
            users={visible}
            selection={selection}
            isPending={mutation.isBusy}
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
