import { type FormEvent, useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { Alert, EmailField, PasswordField } from "#app/components/ui/form.tsx";
import { Honeypot } from "#app/components/ui/honeypot.tsx";
import { ScriptForm, useHydrated } from "#app/components/ui/script-form.tsx";
import { AuthPage } from "#app/features/account/auth-page.tsx";
import { failureText } from "#app/lib/api.ts";
import { AuthProvider, useAuth } from "#app/lib/auth.tsx";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { INVITATION_TEXTS, PASSWORD_RESET_TEXTS } from "#common/account-texts.ts";
import { LOGIN_RULES, validateFields } from "#common/rules.ts";
import { SETUP_TEXTS } from "#common/setup.ts";
import { siteServicesContext } from "#common/site-context.ts";
import type { Route } from "./+types/login";

export function loader({ context }: Route.LoaderArgs) {
  return { demo: context.get(siteServicesContext).demoMode };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Sign In",
    root: rootFromMatches(matches),
    path: "/login",
    noindex: true,
  });
}

function LoginScreen({ loaderData }: Route.ComponentProps) {
  const auth = useAuth();
  const navigate = useNavigate();
  // The demo button, outside the form, also waits for the script (ScriptForm).
  const hydrated = useHydrated();
  const location = useLocation();
  const [params] = useSearchParams();
  const from = safeRedirect(
    (location.state as { from?: string } | null)?.from ?? params.get("from"),
  );
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [honeypot, setHoneypot] = useState("");
  const [state, setState] = useState<"idle" | "signing-in" | "error">("idle");
  const [error, setError] = useState("");

  // A page that just set a password (or made the first admin) sends the
  // browser here to sign in with it: it stays, with its notice, even when the
  // browser still holds a sign-in (another user's, or one that just ended).
  const arrivedToSignIn =
    params.get("setup") === "done" ||
    params.get("reset") === "done" ||
    params.get("invite") === "accepted";
  useEffect(() => {
    if (auth.status === "authenticated" && !arrivedToSignIn) navigate(from, { replace: true });
  }, [auth.status, arrivedToSignIn, from, navigate]);

  async function signIn(credentials: { email: string; password: string } | "demo") {
    const demo = credentials === "demo";
    setState("signing-in");
    setError("");
    try {
      if (demo) await auth.demoLogin();
      else await auth.login(credentials.email, credentials.password, honeypot);
      navigate(from, { replace: true });
    } catch (e) {
      setState("error");
      setError(
        demo
          ? "Demo login failed. Please try again or use your own credentials."
          : failureText("", e, {
              otherwise: "Login failed. Please check your credentials and try again.",
            }),
      );
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const { errors } = validateFields(LOGIN_RULES, { email, password });
    const invalid = errors.email ?? errors.password;
    if (invalid) {
      setState("error");
      setError(invalid);
      return;
    }
    void signIn({ email, password });
  }

  const busy = state === "signing-in";
  return (
    <AuthPage
      title="Sign In"
      intro="Sign in to manage the website."
      footer={
        <>
          No account yet?{" "}
          <Link to="/register" className="link">
            Register
          </Link>
        </>
      }
    >
      <ScriptForm onSubmit={submit} className="mt-8 space-y-4">
        {params.get("setup") === "done" && state !== "error" ? (
          <Alert kind="success">{SETUP_TEXTS.done}</Alert>
        ) : null}
        {params.get("reset") === "done" && state !== "error" ? (
          <Alert kind="success">{PASSWORD_RESET_TEXTS.done}</Alert>
        ) : null}
        {params.get("invite") === "accepted" && state !== "error" ? (
          <Alert kind="success">{INVITATION_TEXTS.done}</Alert>
        ) : null}
        {state === "error" ? <Alert kind="error">{error}</Alert> : null}
        <EmailField value={email} onValue={setEmail} />
        <PasswordField current value={password} onValue={setPassword} />
        <Honeypot value={honeypot} onChange={setHoneypot} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Signing in..." : "Sign In"}
        </button>
        <p className="text-right text-sm">
          <Link to="/forgot-password" className="link">
            Forgot password?
          </Link>
        </p>
      </ScriptForm>
      {loaderData.demo ? (
        <div className="mt-6 rounded-md border border-dashed border-slate-300 p-4 text-sm dark:border-slate-600">
          <p className="text-slate-700 dark:text-slate-200">This site runs in demo mode.</p>
          <button
            type="button"
            className="btn-outline mt-3 w-full"
            disabled={busy || !hydrated}
            onClick={() => signIn("demo")}
          >
            Sign in as Demo Admin
          </button>
        </div>
      ) : null}
    </AuthPage>
  );
}

export default function Login(props: Route.ComponentProps) {
  return (
    <AuthProvider>
      <LoginScreen {...props} />
    </AuthProvider>
  );
}
