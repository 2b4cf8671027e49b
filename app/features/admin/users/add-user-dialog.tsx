import { useState } from "react";
import { CheckboxField } from "#app/components/ui/form.tsx";
import { NoticeLine } from "#app/features/admin/action-notice.tsx";
import { apiData } from "#app/lib/api.ts";
import type { User } from "#common/types.ts";
import { Modal } from "./modal.tsx";
import { useUserForm } from "./use-user-form.ts";
import { DialogButtons, UserFields } from "./user-fields.tsx";
import {
  CREATE_FAILED,
  EMPTY,
  INVITE_FAILED,
  INVITE_OPTION,
  invitedUserRules,
  newUserRules,
} from "./user-validation.ts";

export function AddUserDialog({
  users,
  onClose,
  onCreated,
}: {
  users: readonly User[];
  onClose: () => void;
  onCreated: (user: User) => void;
}) {
  const [inviting, setInviting] = useState(false);
  const { fields, failure, clearErrors, busy, submit } = useUserForm(EMPTY, {
    idPrefix: "new-user",
    rules: inviting ? invitedUserRules(users) : newUserRules(users),
    send: (data) => apiData<User>(inviting ? "/users/invite" : "/users", { body: data }),
    failed: () => (inviting ? INVITE_FAILED : CREATE_FAILED),
    onDone: onCreated,
  });

  return (
    <Modal title="Add New User" onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <NoticeLine notice={failure ? { kind: "error", text: failure } : null} />
        <UserFields fields={fields} editing={false} inviting={inviting} />
        <CheckboxField
          className="mt-4"
          checked={inviting}
          onChange={(checked) => {
            setInviting(checked);
            clearErrors();
          }}
          note="The user is mailed a link to choose a password (valid for 7 days) and cannot sign in before."
        >
          {INVITE_OPTION}
        </CheckboxField>
        <DialogButtons
          onCancel={onClose}
          busy={busy}
          label={inviting ? "Send Invitation" : "Add User"}
          busyLabel={inviting ? "Sending..." : "Adding..."}
        />
      </form>
    </Modal>
  );
}
