import { passwordLinkLoader } from "#app/features/account/password-link-loader.ts";
import { SetPasswordForm } from "#app/features/account/set-password-form.tsx";
import { oneTimeLinkHeaders } from "#app/lib/one-time-token.ts";
import { unlistedMeta } from "#app/lib/seo.ts";
import { INVITATION_TEXTS } from "#common/account-texts.ts";
import type { Route } from "./+types/accept-invite";

export const loader = passwordLinkLoader("invitation");
export const headers = oneTimeLinkHeaders;
export const meta = unlistedMeta("Accept Invitation", "/accept-invite");

export default function AcceptInvite({ loaderData }: Route.ComponentProps) {
  return (
    <SetPasswordForm
      usable={loaderData.usable}
      unusable={INVITATION_TEXTS.invalidLink}
      title="Accept Invitation"
      intro="Choose the password for your new account. Then sign in with your e-mail address and this password."
      endpoint="/auth/accept-invite"
      done="/login?invite=accepted"
      button="Set Password"
      missingToken="This invitation link is incomplete. Open the link from the mail again, or ask an administrator to send a new one."
    />
  );
}
