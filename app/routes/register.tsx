import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert, TextField } from "#app/components/ui/form.tsx";
import { Honeypot } from "#app/components/ui/honeypot.tsx";
import { ScriptForm } from "#app/components/ui/script-form.tsx";
import { AuthPage, SignInLink } from "#app/features/account/auth-page.tsx";
import { api, failureText } from "#app/lib/api.ts";
import { AuthProvider, useAuth } from "#app/lib/auth.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import {
  HONEYPOT_FIELD,
  PASSWORDS_DO_NOT_MATCH,
  REGISTER_RULES,
  TERMS_REQUIRED,
  validateFields,
} from "#common/rules.ts";
import type { Route } from "./+types/register";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Register",
    root: rootFromMatches(matches),
    path: "/register",
    noindex: true,
  });
}

const EMPTY = {
  first_name: "",
  last_name: "",
  username: "",
  email: "",
  password: "",
  confirmPassword: "",
};

function RegisterScreen() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const [terms, setTerms] = useState(false);
  const [honeypot, setHoneypot] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<"idle" | "submitting" | "success" | "error">("idle");
  const [message, setMessage] = useState("");

  useEffect(() => {
    if (auth.status === "authenticated" && state !== "success")
      navigate("/admin/dashboard", { replace: true });
  }, [auth.status, navigate, state]);

  useEffect(() => {
    if (state !== "success") return;
    const timer = setTimeout(() => navigate("/login"), 2000);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  function change(name: keyof typeof EMPTY, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { confirmPassword, ...payload } = values;
    const { data, errors: invalid } = validateFields(REGISTER_RULES, payload);
    const next: Record<string, string> = { ...invalid };
    if (!next.password && confirmPassword !== values.password)
      next.confirmPassword = PASSWORDS_DO_NOT_MATCH;
    if (!terms) next.terms = TERMS_REQUIRED;
    setErrors(next);
    if (Object.keys(next).length || !data) return;
    setState("submitting");
    try {
      const json = await api<{ token?: string; message?: string }>("/auth/register", {
        body: honeypot ? { ...data, [HONEYPOT_FIELD]: honeypot } : data,
      });
      setState("success");
      setMessage(json.message ?? "Registration successful!");
    } catch (e) {
      const err = e as { message?: string; errors?: Record<string, string> };
      if (err.errors) setErrors(err.errors);
      setState("error");
      setMessage(failureText("", e, { otherwise: "Registration failed. Please try again." }));
    }
  }

  const field = (name: keyof typeof EMPTY, label: string, type = "text", autoComplete?: string) => (
    <TextField
      label={label}
      name={name}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(e) => change(name, e.target.value)}
      error={errors[name]}
    />
  );

  return (
    <AuthPage
      wide
      title="Create an Account"
      intro="New accounts can write posts once an administrator approves them."
      footer={
        <>
          Already have an account? <SignInLink>Sign in</SignInLink>
        </>
      }
    >
      <ScriptForm onSubmit={submit} className="mt-8 space-y-4">
        {state === "success" ? (
          <Alert kind="success">
            Registration successful! {message.replace(/^Registration successful!\s*/, "")}{" "}
            Redirecting to sign in...
          </Alert>
        ) : null}
        {state === "error" ? <Alert kind="error">{message}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {field("first_name", "First name", "text", "given-name")}
          {field("last_name", "Last name", "text", "family-name")}
        </div>
        {field("username", "Username", "text", "username")}
        {field("email", "Email", "email", "email")}
        {field("password", "Password", "password", "new-password")}
        {field("confirmPassword", "Confirm password", "password", "new-password")}
        <Honeypot value={honeypot} onChange={setHoneypot} />
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="terms"
              checked={terms}
              onChange={(e) => {
                setTerms(e.target.checked);
                if (errors.terms) setErrors(({ terms: _, ...rest }) => rest);
              }}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? "terms-error" : undefined}
              className="mt-1"
            />
            <span>
              I agree to the{" "}
              <Link to="/terms" className="link">
                terms and conditions
              </Link>
            </span>
          </label>
          <p className="mt-1 pl-6 text-sm text-slate-600 dark:text-slate-300">
            How we handle your data:{" "}
            <Link to="/privacy" className="link">
              Privacy Policy
            </Link>
          </p>
          {errors.terms ? (
            <p id="terms-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
              {errors.terms}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className="btn-primary w-full"
          disabled={state === "submitting" || state === "success"}
        >
          {state === "submitting" ? "Registering..." : "Register"}
        </button>
      </ScriptForm>
    </AuthPage>
  );
}

export default function Register() {
  return (
    <AuthProvider>
      <RegisterScreen />
    </AuthProvider>
  );
}
