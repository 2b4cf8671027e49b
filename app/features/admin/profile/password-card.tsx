import { type FormEvent, useState } from "react";
import { PasswordField } from "#app/components/ui/form.tsx";
import { NoticeLine, SubmitRow, useNoticeAction } from "#app/features/admin/action-notice.tsx";
import { Card } from "#app/features/admin/ui.tsx";
import { api } from "#app/lib/api.ts";
import { PROFILE_TEXTS } from "#common/profile-texts.ts";
import { newPasswordProblem } from "#common/rules.ts";

/** A new password, with the current one; the other sessions end. */
export function PasswordCard({ onChanged }: { onChanged(): void }) {
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { notice, setNotice, errors, busy, run } = useNoticeAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid =
      (current ? undefined : "Current password is required") ??
      newPasswordProblem(password, confirm);
    if (invalid) {
      setNotice({ kind: "error", text: invalid });
      return;
    }
    await run(async () => {
      const json = await api<{ message?: string }>("/auth/me/password", {
        body: { current_password: current, password },
      });
      setCurrent("");
      setPassword("");
      setConfirm("");
      onChanged();
      return json.message || PROFILE_TEXTS.passwordChanged;
    }, "Failed to change your password.");
  }

  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Password</h2>
      <form onSubmit={submit} noValidate>
        <NoticeLine notice={notice} />
        <div className="grid gap-4 sm:grid-cols-3">
          <PasswordField
            current
            label="Current Password"
            name="current_password"
            error={errors.current_password}
            value={current}
            onValue={setCurrent}
          />
          <PasswordField
            label="New Password"
            error={errors.password}
            value={password}
            onValue={setPassword}
          />
          <PasswordField
            label="Confirm New Password"
            name="confirmPassword"
            value={confirm}
            onValue={setConfirm}
          />
        </div>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Changing your password signs you out everywhere else; you stay signed in here.
        </p>
        <SubmitRow busy={busy} label="Change Password" busyLabel="Saving..." />
      </form>
    </Card>
  );
}
