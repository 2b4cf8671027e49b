import { useState } from "react";
import { Alert, Spinner } from "#app/components/ui/form.tsx";
import { useHydrated } from "#app/components/ui/script-form.tsx";
import { AuthPage, SignInLink } from "#app/features/account/auth-page.tsx";
import { ApiError, api, failureText } from "#app/lib/api.ts";
import { oneTimeLinkHeaders, useOneTimeToken } from "#app/lib/one-time-token.ts";
import { unlistedMeta } from "#app/lib/seo.ts";
import { PROFILE_TEXTS } from "#common/profile-texts.ts";

export const headers = oneTimeLinkHeaders;
export const meta = unlistedMeta("Confirm E-mail Address", "/confirm-email");

/** The link from an e-mail change: a button confirms (a mail scanner's visit changes nothing). */
export default function ConfirmEmail() {
  const token = useOneTimeToken();
  const [state, setState] = useState<"idle" | "busy" | "done" | "error" | "refused">("idle");
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
      // A link the server refused will not work again; a failed connection may.
      setState(e instanceof ApiError && e.status > 0 ? "refused" : "error");
      setMessage(failureText("", e, { otherwise: PROFILE_TEXTS.invalidEmailLink }));
    }
  }

  return (
    <AuthPage
      title="Confirm E-mail Address"
      intro="Your account's e-mail address becomes the one this link was sent to. The link works once, within 24 hours."
      footer={<SignInLink>Sign In</SignInLink>}
    >
      <div className="mt-8 space-y-4">
        {state === "done" ? <Alert kind="success">{message}</Alert> : null}
        {state === "error" || state === "refused" ? <Alert kind="error">{message}</Alert> : null}
        {!token ? <Alert kind="error">{PROFILE_TEXTS.invalidEmailLink}</Alert> : null}
        {token && state !== "done" && state !== "refused" ? (
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
