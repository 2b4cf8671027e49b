import { type DataColumn, DataTable } from "#app/components/ui/data-table.tsx";
import type { Selection } from "#app/components/ui/selection.tsx";
import { Badge, ROLE_BADGE, RowButton } from "#app/features/admin/ui.tsx";
import type { UserStatus } from "#common/enums.ts";
import { formatDate } from "#common/text.ts";
import type { User } from "#common/types.ts";

const STATUS_BADGE: Record<UserStatus, string> = {
  active: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  inactive: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
};

/** "First Last", or "" when the user gave neither. */
export function fullName(user: Pick<User, "first_name" | "last_name">) {
  return `${user.first_name ?? ""} ${user.last_name ?? ""}`.trim();
}

/** The users table: selection, status toggle, edit, resend invitation and delete per row. */
export function UsersTable({
  users,
  selection,
  isPending,
  onToggleStatus,
  onEdit,
  onResendInvitation,
  onDelete,
}: {
  users: User[];
  selection: Selection;
  /** Rows with a change in flight: their buttons wait. */
  isPending(id: number): boolean;
  onToggleStatus(user: User): void;
  onEdit(user: User): void;
  onResendInvitation(user: User): void;
  onDelete(user: User): void;
}) {
  const columns: DataColumn<User>[] = [
    {
      header: "User",
      cell: (user) => (
        <div className="flex items-center gap-3">
          <span
            aria-hidden
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-700 font-semibold text-white uppercase dark:bg-slate-600"
          >
            {(user.first_name || user.username || "?").charAt(0)}
          </span>
          <div className="min-w-0">
            <p className="font-medium whitespace-nowrap">{fullName(user) || user.username}</p>
            <p className="text-slate-600 dark:text-slate-300">{user.email}</p>
            <p className="text-xs text-slate-600 dark:text-slate-300">@{user.username}</p>
          </div>
        </div>
      ),
    },
    {
      header: "Role",
      cell: (user) => <Badge className={ROLE_BADGE[user.role] ?? ""}>{user.role}</Badge>,
    },
    {
      header: "Status",
      cell: (user) => {
        const next = user.status === "active" ? "deactivate" : "activate";
        return (
          <button
            type="button"
            disabled={isPending(user.id)}
            onClick={() => onToggleStatus(user)}
            className="rounded-full disabled:opacity-60"
            title={`Click to ${next}`}
          >
            <Badge className={STATUS_BADGE[user.status] ?? STATUS_BADGE.inactive}>
              {user.status === "active" ? "Active" : "Inactive"}
            </Badge>
            <span className="sr-only">{`, click to ${next} ${user.username}`}</span>
          </button>
        );
      },
    },
    {
      header: "Last Login",
      className: "whitespace-nowrap",
      cell: (user) => (user.last_login ? formatDate(user.last_login) || "Never" : "Never"),
    },
    {
      header: "Created",
      cellClassName: "whitespace-nowrap",
      cell: (user) => formatDate(user.created_at),
    },
    {
      header: "Actions",
      cell: (user) => (
        <div className="flex gap-2">
          <RowButton onClick={() => onEdit(user)}>
            Edit<span className="sr-only"> {user.username}</span>
          </RowButton>
          {user.invitation_pending ? (
            <RowButton disabled={isPending(user.id)} onClick={() => onResendInvitation(user)}>
              Resend invitation
              <span className="sr-only"> to {user.username}</span>
            </RowButton>
          ) : null}
          <RowButton danger disabled={isPending(user.id)} onClick={() => onDelete(user)}>
            Delete<span className="sr-only"> {user.username}</span>
          </RowButton>
        </div>
      ),
    },
  ];
  // The list is loaded and its failure shown by the screen; the toolbar above holds the bulk action.
  return (
    <DataTable
      label="Users table"
      framed={false}
      rows={users}
      rowId={(user) => user.id}
      columns={columns}
      loading={false}
      error=""
      onRetry={() => {}}
      empty="No users found."
      spinner="Loading users..."
      selection={{
        state: selection,
        rowLabel: (user) => `Select ${user.username}`,
        allLabel: "Select all users",
        selectedText: (count) => `${count} selected`,
        actions: [],
      }}
    />
  );
}
