import {
  CONTACT_FAILURE,
  CONTACT_SUCCESS,
  CONTACT_SUCCESS_MS,
} from "#app/features/contact/contact-texts.ts";
import { ApiError, api } from "#app/lib/api.ts";
import { CONTACT_RULES, HONEYPOT_FIELD, validateFields } from "#common/rules.ts";
import { setFieldError, setNotice } from "./form-feedback.ts";

type Field = keyof typeof CONTACT_RULES;
const FIELDS = Object.keys(CONTACT_RULES) as Field[];

/**
 * The contact form (contact-form.tsx): checked with the same rules as the
 * server (the first error of each field beside it), sent to POST /api/contact;
 * "Sending..." meanwhile; on success the fields empty and the spec's notice
 * shows for five seconds; a refusal shows the server's field errors, and the
 * spec's failure text (or, for too many messages, the server's reason). An
 * edited field loses its error.
 */
export function enhanceContactForm(form: HTMLElement) {
  if (!(form instanceof HTMLFormElement)) return;
  const control = (name: string) =>
    form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
  const notice = form.querySelector<HTMLElement>("[data-form-notice]")!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const label = submit.textContent;
  let hideNotice: ReturnType<typeof setTimeout> | undefined;

  const showErrors = (errors: Partial<Record<string, string>>) => {
    for (const name of FIELDS) {
      const box = control(name);
      if (box) setFieldError(box, errors[name]);
    }
  };

  for (const name of FIELDS) {
    control(name)?.addEventListener("input", (event) => {
      const box = event.currentTarget as HTMLInputElement;
      if (box.hasAttribute("aria-invalid")) setFieldError(box);
    });
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const values = Object.fromEntries(FIELDS.map((name) => [name, control(name)?.value ?? ""]));
    const { data, errors } = validateFields(CONTACT_RULES, values);
    if (!data) {
      showErrors(errors);
      return;
    }
    showErrors({});
    clearTimeout(hideNotice);
    setNotice(notice);
    submit.disabled = true;
    submit.textContent = "Sending...";
    const honeypot = control(HONEYPOT_FIELD)?.value ?? "";
    try {
      await api("/contact", { body: honeypot ? { ...data, [HONEYPOT_FIELD]: honeypot } : data });
      for (const name of FIELDS) {
        const box = control(name);
        if (box) box.value = "";
      }
      setNotice(notice, { kind: "success", text: CONTACT_SUCCESS });
      hideNotice = setTimeout(() => setNotice(notice), CONTACT_SUCCESS_MS);
    } catch (error) {
      const e = error instanceof ApiError ? error : null;
      if (e && Object.keys(e.errors).length) showErrors(e.errors);
      // Too many messages: the server's message says when to try again.
      const reason = e?.status === 429 ? e.message : "";
      setNotice(notice, { kind: "error", text: reason || CONTACT_FAILURE });
    } finally {
      submit.disabled = false;
      submit.textContent = label;
    }
  });
}
