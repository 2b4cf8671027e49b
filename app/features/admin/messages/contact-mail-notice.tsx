import { Link } from "react-router";
import { useAuth } from "#app/lib/auth.tsx";
import { can } from "#common/permissions.ts";

export const CONTACT_MAIL_NOTICE = "Contact messages are not e-mailed to anyone:";

/**
 * Said on the dashboard and the messages screen while no notification or
 * contact e-mail is set (`emailed` false): the contact form still stores each
 * message, but nobody hears of it. Admins get a link to where it is set.
 */
export function ContactMailNotice({ emailed }: { emailed: boolean | undefined }) {
  const { user } = useAuth();
  if (emailed !== false) return null;
  return (
    <p
      role="note"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {CONTACT_MAIL_NOTICE}{" "}
      {can(user, "settings:manage") ? (
        <>
          set a contact e-mail in{" "}
          <Link to="/admin/settings" className="font-medium underline">
            Site Settings → General
          </Link>
          .
        </>
      ) : (
        "ask an administrator to set a contact e-mail in Site Settings → General."
      )}
    </p>
  );
}
