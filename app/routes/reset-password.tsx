import { SetPasswordForm } from "#app/features/account/set-password-form.tsx";
import { oneTimeLinkHeaders } from "#app/lib/one-time-token.ts";
import { unlistedMeta } from "#app/lib/seo.ts";

export const headers = oneTimeLinkHeaders;
export const meta = unlistedMeta("Reset Password", "/reset-password");

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
