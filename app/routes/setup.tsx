import { type FormEvent, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Alert, EmailField, PasswordField, TextField } from "#app/components/ui/form.tsx";
import { AuthPage, SignInLink } from "#app/features/account/auth-page.tsx";
import { oneTimeLinkHeaders } from "#app/lib/one-time-token.ts";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { ONE_TIME_LINK_HEADERS } from "#common/one-time-links.ts";
import { validateFields } from "#common/rules.ts";
import { PASSWORDS_DO_NOT_MATCH, SETUP_RULES, SETUP_TEXTS } from "#common/setup.ts";
import { siteServicesContext } from "#common/site-context.ts";
import type { Route } from "./+types/setup";

const FIELDS = ["first_name", "last_name", "username", "email", "password"] as const;
type Errors = Partial<Record<(typeof FIELDS)[number] | "confirm", string>>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const state = await context.get(siteServicesContext).setup.getSetupState(token);
  // Never stored by the page cache or a browser: the answer depends on the link's token.
  return data(
    { state, token: state === "open" ? token : null },
    { headers: ONE_TIME_LINK_HEADERS },
  );
}

export const headers = oneTimeLinkHeaders;

/** Creates the first admin, then sends them to sign in. Works without JavaScript too. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const value = (key: string) => String(form.get(key) ?? "");
  if (value("password") !== value("confirm")) {
    return data({ errors: { confirm: PASSWORDS_DO_NOT_MATCH } as Errors, message: "" }, 400);
  }
  const input = Object.fromEntries(["token", ...FIELDS].map((key) => [key, value(key)]));
  try {
    await context.get(siteServicesContext).setup.completeSetup(input);
  } catch (error) {
    const { errors, message, status } = error as {
      errors?: Errors;
      message?: string;
      status?: number;
    };
    if (!status || status >= 500) throw error;
    return data({ errors: errors ?? {}, message: errors ? "" : (message ?? "") }, status);
  }
  return redirect("/login?setup=done");
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Set Up Your Site",
    description: "Create the first administrator account of this site.",
    root: rootFromMatches(matches),
    path: "/setup",
    noindex: true,
  });
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Errors>({});
  const errors: Errors = { ...actionData?.errors, ...clientErrors };
  const busy = navigation.state === "submitting";

  if (loaderData.state !== "open") {
    return (
      <AuthPage title="Set Up Your Site">
        <div className="mt-8">
          <Alert kind={loaderData.state === "done" ? "info" : "error"}>
            {loaderData.state === "done" ? SETUP_TEXTS.alreadySetUp : SETUP_TEXTS.invalidLink}
          </Alert>
        </div>
        <p className="mt-6">
          <SignInLink>Go to Sign In</SignInLink>
        </p>
      </AuthPage>
    );
  }

  function check(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(FIELDS.map((key) => [key, String(form.get(key) ?? "")]));
    const found: Errors = validateFields(SETUP_RULES, values).errors;
    if (!found.password && values.password !== String(form.get("confirm") ?? "")) {
      found.confirm = PASSWORDS_DO_NOT_MATCH;
    }
    setClientErrors(found);
    if (Object.keys(found).length) event.preventDefault();
  }

  return (
    <AuthPage
      title="Set Up Your Site"
      intro="Create the administrator account that manages this site. You can add more users later."
    >
      <Form method="post" onSubmit={check} noValidate className="mt-8 space-y-4">
        {actionData?.message ? <Alert kind="error">{actionData.message}</Alert> : null}
        <input type="hidden" name="token" value={loaderData.token ?? ""} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            name="first_name"
            autoComplete="given-name"
            error={errors.first_name}
          />
          <TextField
            label="Last Name"
            name="last_name"
            autoComplete="family-name"
            error={errors.last_name}
          />
        </div>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          error={errors.username}
        />
        <EmailField error={errors.email} />
        <PasswordField hint="At least 8 characters" error={errors.password} />
        <PasswordField label="Confirm Password" name="confirm" error={errors.confirm} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Creating..." : "Create Admin Account"}
        </button>
      </Form>
    </AuthPage>
  );
}
