import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Alert, PasswordField } from "#app/components/ui/form.tsx";
import { ScriptForm } from "#app/components/ui/script-form.tsx";
import { api, failureText } from "#app/lib/api.ts";
import { useOneTimeToken } from "#app/lib/one-time-token.ts";
import { newPasswordProblem } from "#common/rules.ts";
import { AuthPage, SignInLink } from "./auth-page.tsx";

/**
 * The page a one-time link opens (password reset, invitation): a new
 * password twice, sent with the link's token; then on to sign in.
 */
export function SetPasswordForm({
  title,
  intro,
  endpoint,
  done,
  button,
  missingToken,
  usable,
  unusable,
}: {
  title: string;
  intro: string;
  endpoint: "/auth/reset-password" | "/auth/accept-invite";
  /** Where to go afterwards: /login?… */
  done: string;
  button: string;
  missingToken: string;
  /** Whether the link still works, as the server found (null: not known, no token). */
  usable: boolean | null;
  /** What the page says for a link that was used, replaced or has expired. */
  unusable: string;
}) {
  const navigate = useNavigate();
  const token = useOneTimeToken();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = newPasswordProblem(password, confirm);
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError("");
    try {
      await api(endpoint, { body: { token, password } });
      navigate(done, { replace: true });
    } catch (e) {
      setError(failureText("", e, { otherwise: "Could not set the password. Please try again." }));
      setBusy(false);
    }
  }

  return (
    <AuthPage title={title} intro={intro} footer={<SignInLink />}>
      {token && usable === false ? (
        <div className="mt-8">
          <Alert kind="error">{unusable}</Alert>
        </div>
      ) : token ? (
        <ScriptForm onSubmit={submit} className="mt-8 space-y-4">
          {error ? <Alert kind="error">{error}</Alert> : null}
          <PasswordField label="New password" value={password} onValue={setPassword} />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            value={confirm}
            onValue={setConfirm}
          />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? "Saving..." : button}
          </button>
        </ScriptForm>
      ) : (
        <div className="mt-8">
          <Alert kind="error">{missingToken}</Alert>
        </div>
      )}
    </AuthPage>
  );
}
