import { passwordLinkLoader } from "#app/features/account/password-link-loader.ts";
import { SetPasswordForm } from "#app/features/account/set-password-form.tsx";
import { oneTimeLinkHeaders } from "#app/lib/one-time-token.ts";
import { unlistedMeta } from "#app/lib/seo.ts";
import { PASSWORD_RESET_TEXTS } from "#common/account-texts.ts";
import type { Route } from "./+types/reset-password";

export const loader = passwordLinkLoader("password_reset");
export const headers = oneTimeLinkHeaders;
export const meta = unlistedMeta("Reset Password", "/reset-password");

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  return (
    <SetPasswordForm
      usable={loaderData.usable}
      unusable={PASSWORD_RESET_TEXTS.invalidLink}
      title="Reset Password"
      intro="Choose a new password for your account. Every other sign-in of your account ends."
      endpoint="/auth/reset-password"
      done="/login?reset=done"
      button="Set New Password"
      missingToken="This link is incomplete. Open the link from the mail again, or ask for a new one."
    />
  );
}
