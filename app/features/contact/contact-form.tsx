import { Alert, TextAreaField, TextField } from "#app/components/ui/form.tsx";
import { Honeypot } from "#app/components/ui/honeypot.tsx";
import { CONTACT_RULES } from "#common/rules.ts";
import { CONTACT_FAILURE, CONTACT_SUCCESS } from "./contact-texts.ts";

/**
 * The contact form as the server renders it: empty, or with the outcome of a
 * post made without JavaScript (the page's action: its field errors, or a
 * notice). In the browser, `app/enhance/contact-form.ts` checks it with the
 * same rules as the server and sends it to POST /api/contact instead.
 */
export function ContactForm({
  serverErrors = {},
  serverStatus,
  serverMessage,
}: {
  serverErrors?: Record<string, string>;
  serverStatus?: "success" | "error";
  /** The server's own reason, shown instead of the generic failure (too many messages). */
  serverMessage?: string;
}) {
  // Refusals the fields show are said there alone (as with script); the notice
  // is for a failure no field explains.
  const unexplained = Object.keys(serverErrors).some((field) => !(field in CONTACT_RULES));
  const failed =
    serverStatus === "error" &&
    (Boolean(serverMessage) || unexplained || Object.keys(serverErrors).length === 0);
  return (
    <form
      method="post"
      // Not the current address: a page stored for everyone must not carry one visitor's query.
      action="/contact"
      noValidate
      className="space-y-4"
      aria-label="Contact form"
      data-enhance="contact-form"
    >
      <div data-form-notice>
        {serverStatus === "success" ? <Alert kind="success">{CONTACT_SUCCESS}</Alert> : null}
        {failed ? <Alert kind="error">{serverMessage || CONTACT_FAILURE}</Alert> : null}
      </div>
      <Honeypot />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" name="name" autoComplete="name" error={serverErrors.name} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          error={serverErrors.email}
        />
      </div>
      <TextField label="Subject" name="subject" error={serverErrors.subject} />
      <TextAreaField label="Message" name="message" rows={6} error={serverErrors.message} />
      <button type="submit" className="btn-primary">
        Send Message
      </button>
    </form>
  );
}
