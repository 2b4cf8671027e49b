import { useState } from "react";
import { Alert, Spinner } from "#app/components/ui/form.tsx";
import { useHydrated } from "#app/components/ui/script-form.tsx";
import { AuthPage, SignInLink } from "#app/features/account/auth-page.tsx";
import { api, failureText } from "#app/lib/api.ts";
import { oneTimeLinkHeaders, useOneTimeToken } from "#app/lib/one-time-token.ts";
import { unlistedMeta } from "#app/lib/seo.ts";
import { PROFILE_TEXTS } from "#common/profile-texts.ts";

export const headers = oneTimeLinkHeaders;
export const meta = unlistedMeta("Confirm E-mail Address", "/confirm-email");

/** The link from an e-mail change: a button confirms (a mail scanner's visit changes nothing). */
export default function ConfirmEmail() {
  const token = useOneTimeToken();
  const [state, setState] = useState<"idle" | "busy" | "done" | "error">("idle");
  const [message, setMessage] = useState("");
  // The button needs the script: a spinner until the page has hydrated.
  const ready = useHydrated();

  async function confirm() {
    setState("busy");
    try {
      const json = await api<{ message?: string }>("/auth/confirm-email", { body: { token } });
      setState("done");
      setMessage(json.message || PROFILE_TEXTS.emailConfirmed);
    } catch (e) {
      setState("error");
      setMessage(failureText("", e, { otherwise: PROFILE_TEXTS.invalidEmailLink }));
    }
  }

  return (
    <AuthPage title="Confirm E-mail Address" footer={<SignInLink>Sign In</SignInLink>}>
      <div className="mt-8 space-y-4">
        {state === "done" ? <Alert kind="success">{message}</Alert> : null}
        {state === "error" ? <Alert kind="error">{message}</Alert> : null}
        {!token ? <Alert kind="error">{PROFILE_TEXTS.invalidEmailLink}</Alert> : null}
        {token && state !== "done" ? (
          ready ? (
            <button
              type="button"
              className="btn-primary w-full"
              disabled={state === "busy"}
              onClick={() => void confirm()}
            >
              {state === "busy" ? "Confirming..." : "Confirm New Address"}
            </button>
          ) : (
            <Spinner />
          )
        ) : null}
      </div>
    </AuthPage>
  );
}
