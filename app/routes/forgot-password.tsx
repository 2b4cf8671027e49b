import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { PASSWORD_RESET_TEXTS } from "../../common/account-texts.ts";
import { LOGIN_RULES, validateFields } from "../../common/rules.ts";
import { Alert, EmailField } from "../components/ui/form.tsx";
import { Honeypot } from "../components/ui/honeypot.tsx";
import { api, failureReason } from "../lib/api.ts";
import { pageMeta, rootFromMatches } from "../lib/seo.ts";
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
    const { errors } = validateFields({ email: LOGIN_RULES.email }, { email });
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
      setMessage(failureReason(e) || "Could not send the request. Please try again.");
    }
  }

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold">Forgot Password</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>
      {state === "sent" ? (
        <div className="mt-8">
          <Alert kind="success">{message}</Alert>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-8 space-y-4">
          {state === "error" ? <Alert kind="error">{message}</Alert> : null}
          <EmailField value={email} onValue={setEmail} />
          <Honeypot value={honeypot} onChange={setHoneypot} />
          <button type="submit" className="btn-primary w-full" disabled={state === "sending"}>
            {state === "sending" ? "Sending..." : "Send Reset Link"}
          </button>
        </form>
      )}
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-300">
        <Link to="/login" className="link">
          Back to Sign In
        </Link>
      </p>
    </div>
  );
}
