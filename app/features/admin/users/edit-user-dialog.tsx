import { NoticeLine } from "#app/features/admin/action-notice.tsx";
import { apiData } from "#app/lib/api.ts";
import type { User } from "#common/types.ts";
import { Modal } from "./modal.tsx";
import { useUserForm } from "./use-user-form.ts";
import { DialogButtons, UserFields } from "./user-fields.tsx";
import { editedUserRules, UPDATE_FAILED } from "./user-validation.ts";

export function EditUserDialog({
  user,
  users,
  isSelf,
  onClose,
  onSaved,
}: {
  user: User;
  users: readonly User[];
  isSelf: boolean;
  onClose: () => void;
  onSaved: (user: User) => void;
}) {
  const { fields, failure, busy, submit } = useUserForm(
    {
      username: user.username,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      role: user.role,
      password: "",
      confirmPassword: "",
    },
    {
      idPrefix: "edit-user",
      rules: editedUserRules(users, user.id),
      send: (data) =>
        apiData<User>(`/users/${user.id}`, {
          method: "PUT",
          body: { ...data, status: user.status },
        }),
      failed: () => UPDATE_FAILED,
      onDone: onSaved,
    },
  );

  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
  return (
    <Modal
      title="Edit User"
      description={
        <>
          {name} (@{user.username})
          {isSelf
            ? ". Changing your own password signs you out everywhere else; you stay signed in here."
            : null}
        </>
      }
      onClose={onClose}
    >
      <form noValidate onSubmit={submit}>
        <NoticeLine notice={failure ? { kind: "error", text: failure } : null} />
        <UserFields fields={fields} editing />
        <DialogButtons onCancel={onClose} busy={busy} label="Save Changes" busyLabel="Saving..." />
      </form>
    </Modal>
  );
}
