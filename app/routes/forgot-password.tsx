import { type FormEvent, useState } from "react";
import { Alert, EmailField } from "#app/components/ui/form.tsx";
import { Honeypot } from "#app/components/ui/honeypot.tsx";
import { ScriptForm } from "#app/components/ui/script-form.tsx";
import { AuthPage, SignInLink } from "#app/features/account/auth-page.tsx";
import { api, failureText } from "#app/lib/api.ts";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { PASSWORD_RESET_TEXTS } from "#common/account-texts.ts";
import { emailRule, validateFields } from "#common/rules.ts";
import type { Route } from "./+types/forgot-password";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Forgot Password",
    root: rootFromMatches(matches),
    path: "/forgot-password",
    noindex: true,
  });
}

/** "Forgot password?": one answer for every address (see POST /api/auth/forgot-password). */
export default function ForgotPassword() {
  const [email, setEmail] = useState("");
  const [honeypot, setHoneypot] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "sent" | "error">("idle");
  const [message, setMessage] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { errors } = validateFields({ email: emailRule() }, { email });
    if (errors.email) {
      setState("error");
      setMessage(errors.email);
      return;
    }
    setState("sending");
    try {
      const json = await api<{ message?: string }>("/auth/forgot-password", {
        body: { email, ...(honeypot ? { website: honeypot } : {}) },
      });
      setState("sent");
      setMessage(json.message || PASSWORD_RESET_TEXTS.requested);
    } catch (e) {
      setState("error");
      setMessage(
        failureText("", e, { otherwise: "Could not send the request. Please try again." }),
      );
    }
  }

  return (
    <AuthPage
      title="Forgot Password"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={<SignInLink />}
    >
      {state === "sent" ? (
        <div className="mt-8">
          <Alert kind="success">{message}</Alert>
        </div>
      ) : (
        <ScriptForm onSubmit={submit} className="mt-8 space-y-4">
          {state === "error" ? <Alert kind="error">{message}</Alert> : null}
          <EmailField value={email} onValue={setEmail} />
          <Honeypot value={honeypot} onChange={setHoneypot} />
          <button type="submit" className="btn-primary w-full" disabled={state === "sending"}>
            {state === "sending" ? "Sending..." : "Send Reset Link"}
          </button>
        </ScriptForm>
      )}
    </AuthPage>
  );
}
