import { SetPasswordForm } from "#app/features/account/set-password-form.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { ONE_TIME_LINK_HEADERS } from "#common/one-time-links.ts";
import type { Route } from "./+types/accept-invite";

/** A one-time link's page is kept by nobody (common/one-time-links.ts). */
export function headers() {
  return ONE_TIME_LINK_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Accept Invitation",
    root: rootFromMatches(matches),
    path: "/accept-invite",
    noindex: true,
  });
}

export default function AcceptInvite() {
  return (
    <SetPasswordForm
      title="Accept Invitation"
      intro="Choose the password for your new account. Then sign in with your e-mail address and this password."
      endpoint="/auth/accept-invite"
      done="/login?invite=accepted"
      button="Set Password"
      missingToken="This invitation link is incomplete. Open the link from the mail again, or ask an administrator to send a new one."
    />
  );
}
