import { type FormEvent, useState } from "react";
import { EmailField, PasswordField } from "#app/components/ui/form.tsx";
import { NoticeLine, SubmitRow, useNoticeAction } from "#app/features/admin/action-notice.tsx";
import { Card } from "#app/features/admin/ui.tsx";
import { api } from "#app/lib/api.ts";
import { PROFILE_TEXTS } from "#common/profile-texts.ts";
import type { Profile } from "#common/types.ts";

/** A new e-mail address, used once the link sent to it is opened. */
export function EmailCard({ profile }: { profile: Profile }) {
  const [email, setEmail] = useState("");
  const [current, setCurrent] = useState("");
  const { notice, errors, busy, run } = useNoticeAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      const json = await api<{ message?: string }>("/auth/me/email", {
        body: { email, current_password: current },
      });
      setCurrent("");
      return json.message || PROFILE_TEXTS.emailSent(email);
    }, "Failed to change your e-mail address.");
  }

  return (
    <Card>
      <h2 className="mb-1 text-lg font-semibold">E-mail address</h2>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        Now: {profile.email}. A new address is used once you open the link we send to it.
      </p>
      <form onSubmit={submit} noValidate>
        <NoticeLine notice={notice} />
        <div className="grid gap-4 sm:grid-cols-2">
          <EmailField label="New Email" error={errors.email} value={email} onValue={setEmail} />
          <PasswordField
            current
            name="email_current_password"
            error={errors.current_password}
            value={current}
            onValue={setCurrent}
          />
        </div>
        <SubmitRow busy={busy} label="Send Confirmation Link" busyLabel="Sending..." />
      </form>
    </Card>
  );
}
