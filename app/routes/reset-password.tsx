import { SetPasswordForm } from "#app/features/account/set-password-form.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { ONE_TIME_LINK_HEADERS } from "#common/one-time-links.ts";
import type { Route } from "./+types/reset-password";

/** A one-time link's page is kept by nobody (common/one-time-links.ts). */
export function headers() {
  return ONE_TIME_LINK_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Reset Password",
    root: rootFromMatches(matches),
    path: "/reset-password",
    noindex: true,
  });
}

export default function ResetPassword() {
  return (
    <SetPasswordForm
      title="Reset Password"
      intro="Choose a new password for your account. Every other sign-in of your account ends."
      endpoint="/auth/reset-password"
      done="/login?reset=done"
      button="Set New Password"
      missingToken="This link is incomplete. Open the link from the mail again, or ask for a new one."
    />
  );
}
