import { type FormEvent, useEffect, useState } from "react";
import { Form } from "react-router";
import { Alert, TextAreaField, TextField } from "#app/components/ui/form.tsx";
import { Honeypot } from "#app/components/ui/honeypot.tsx";
import { api } from "#app/lib/api.ts";
import { CONTACT_RULES, HONEYPOT_FIELD, validateFields } from "#common/rules.ts";

const EMPTY = { name: "", email: "", subject: "", message: "" };
export const CONTACT_SUCCESS =
  "Your message has been sent successfully! We'll get back to you soon.";
export const CONTACT_FAILURE = "Failed to submit the form. Please try again.";

type Status = "idle" | "sending" | "success" | "error";

/**
 * The contact form: validated with the same rules as the server, posted to
 * POST /api/contact. Without JavaScript the form posts to the page's action.
 */
export function ContactForm({
  serverErrors,
  serverStatus,
  serverMessage,
}: {
  serverErrors?: Record<string, string>;
  serverStatus?: "success" | "error";
  /** The server's own reason, shown instead of the generic failure (too many messages). */
  serverMessage?: string;
}) {
  const [values, setValues] = useState(EMPTY);
  const [honeypot, setHoneypot] = useState("");
  const [failure, setFailure] = useState(serverMessage ?? "");
  const [errors, setErrors] = useState<Record<string, string>>(serverErrors ?? {});
  const [status, setStatus] = useState<Status>(serverStatus ?? "idle");

  useEffect(() => {
    if (status !== "success") return;
    const timer = setTimeout(() => setStatus("idle"), 5000);
    return () => clearTimeout(timer);
  }, [status]);

  function change(name: keyof typeof EMPTY, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors: invalid } = validateFields(CONTACT_RULES, values);
    if (!data) {
      setErrors(invalid);
      return;
    }
    setErrors({});
    setFailure("");
    setStatus("sending");
    try {
      await api("/contact", { body: honeypot ? { ...data, [HONEYPOT_FIELD]: honeypot } : data });
      setValues(EMPTY);
      setStatus("success");
    } catch (error) {
      const e = error as { errors?: Record<string, string>; status?: number; message?: string };
      if (e.errors && Object.keys(e.errors).length) setErrors(e.errors);
      // Too many messages: the server's message says when to try again.
      setFailure(e.status === 429 ? (e.message ?? "") : "");
      setStatus("error");
    }
  }

  return (
    <Form
      method="post"
      // Not the current address: a page stored for everyone must not carry one visitor's query.
      action="/contact"
      noValidate
      onSubmit={submit}
      className="space-y-4"
      aria-label="Contact form"
    >
      {status === "success" ? <Alert kind="success">{CONTACT_SUCCESS}</Alert> : null}
      {status === "error" ? <Alert kind="error">{failure || CONTACT_FAILURE}</Alert> : null}
      <Honeypot value={honeypot} onChange={setHoneypot} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => change("name", e.target.value)}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => change("email", e.target.value)}
          error={errors.email}
        />
      </div>
      <TextField
        label="Subject"
        name="subject"
        value={values.subject}
        onChange={(e) => change("subject", e.target.value)}
        error={errors.subject}
      />
      <TextAreaField
        label="Message"
        name="message"
        rows={6}
        value={values.message}
        onChange={(e) => change("message", e.target.value)}
        error={errors.message}
      />
      <button type="submit" className="btn-primary" disabled={status === "sending"}>
        {status === "sending" ? "Sending..." : "Send Message"}
      </button>
    </Form>
  );
}
