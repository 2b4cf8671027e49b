import { TableHead, tableClass, tdClass } from "#app/components/ui/data-table.tsx";
import { RowCheckbox, SelectAllCheckbox, type Selection } from "#app/components/ui/selection.tsx";
import { Badge, ROLE_BADGE, RowButton } from "#app/features/admin/ui.tsx";
import { formatDate } from "#common/text.ts";
import type { User, UserStatus } from "#common/types.ts";

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
  // relative: keeps the visually hidden texts inside the scroll box.
  return (
    <div className="relative overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Users</caption>
        <TableHead
          className="bg-slate-50 dark:bg-slate-800/60"
          columns={[
            {
              label: (
                <SelectAllCheckbox
                  selection={selection}
                  label="Select all users"
                  disabled={users.length === 0}
                />
              ),
              className: "w-10",
            },
            "User",
            "Role",
            "Status",
            { label: "Last Login", className: "whitespace-nowrap" },
            "Created",
            "Actions",
          ]}
        />
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {users.length === 0 ? (
            <tr>
              <td colSpan={7} className="px-3 py-10 text-center text-slate-600 dark:text-slate-300">
                No users found.
              </td>
            </tr>
          ) : (
            users.map((user) => {
              const name = fullName(user) || user.username;
              const pending = isPending(user.id);
              const next = user.status === "active" ? "deactivate" : "activate";
              return (
                <tr key={user.id} data-user-id={user.id}>
                  <td className={tdClass}>
                    <RowCheckbox
                      selection={selection}
                      id={user.id}
                      label={`Select ${user.username}`}
                      className="mt-1 h-4 w-4"
                    />
                  </td>
                  <td className={tdClass}>
                    <div className="flex items-center gap-3">
                      <span
                        aria-hidden
                        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-700 font-semibold text-white uppercase dark:bg-slate-600"
                      >
                        {(user.first_name || user.username || "?").charAt(0)}
                      </span>
                      <div className="min-w-0">
                        <p className="font-medium whitespace-nowrap">{name}</p>
                        <p className="text-slate-600 dark:text-slate-300">{user.email}</p>
                        <p className="text-xs text-slate-600 dark:text-slate-300">
                          @{user.username}
                        </p>
                      </div>
                    </div>
                  </td>
                  <td className={tdClass}>
                    <Badge className={ROLE_BADGE[user.role] ?? ""}>{user.role}</Badge>
                  </td>
                  <td className={tdClass}>
                    <button
                      type="button"
                      disabled={pending}
                      onClick={() => onToggleStatus(user)}
                      className="rounded-full disabled:opacity-60"
                      title={`Click to ${next}`}
                    >
                      <Badge className={STATUS_BADGE[user.status] ?? STATUS_BADGE.inactive}>
                        {user.status === "active" ? "Active" : "Inactive"}
                      </Badge>
                      <span className="sr-only">{`, click to ${next} ${user.username}`}</span>
                    </button>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {user.last_login ? formatDate(user.last_login) || "Never" : "Never"}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDate(user.created_at)}</td>
                  <td className={tdClass}>
                    <div className="flex gap-2">
                      <RowButton onClick={() => onEdit(user)}>
                        Edit<span className="sr-only"> {user.username}</span>
                      </RowButton>
                      {user.invitation_pending ? (
                        <RowButton disabled={pending} onClick={() => onResendInvitation(user)}>
                          Resend invitation
                          <span className="sr-only"> to {user.username}</span>
                        </RowButton>
                      ) : null}
                      <RowButton danger disabled={pending} onClick={() => onDelete(user)}>
                        Delete<span className="sr-only"> {user.username}</span>
                      </RowButton>
                    </div>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
