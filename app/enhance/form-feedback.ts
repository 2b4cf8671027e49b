import {
  ALERT_CLASS,
  ALERT_KINDS,
  type AlertKind,
  alertRole,
  CONTROL_INVALID,
  CONTROL_VALID,
  FIELD_ERROR_CLASS,
} from "#app/components/ui/form-styles.ts";

/**
 * Shows or clears a field's error as `TextField` renders it: the message
 * after the control (`{id}-error`), aria-invalid, aria-describedby and the red
 * border.
 */
export function setFieldError(control: HTMLInputElement | HTMLTextAreaElement, message?: string) {
  const errorId = `${control.id}-error`;
  const describedBy = (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter((id) => id && id !== errorId);
  control.ownerDocument.getElementById(errorId)?.remove();
  control.classList.remove(...CONTROL_INVALID.split(" "), ...CONTROL_VALID.split(" "));
  if (message) {
    const line = control.ownerDocument.createElement("p");
    line.id = errorId;
    line.className = FIELD_ERROR_CLASS;
    line.textContent = message;
    control.parentElement?.append(line);
    describedBy.unshift(errorId);
    control.setAttribute("aria-invalid", "true");
    control.classList.add(...CONTROL_INVALID.split(" "));
  } else {
    control.removeAttribute("aria-invalid");
    control.classList.add(...CONTROL_VALID.split(" "));
  }
  if (describedBy.length) control.setAttribute("aria-describedby", describedBy.join(" "));
  else control.removeAttribute("aria-describedby");
}

/** Puts one notice (as `Alert` renders it) into `container`, or none. */
export function setNotice(container: HTMLElement, notice?: { kind: AlertKind; text: string }) {
  if (!notice) {
    container.replaceChildren();
    return;
  }
  const alert = container.ownerDocument.createElement("div");
  alert.setAttribute("role", alertRole(notice.kind));
  alert.className = `${ALERT_CLASS} ${ALERT_KINDS[notice.kind]}`;
  const text = container.ownerDocument.createElement("div");
  text.textContent = notice.text;
  alert.append(text);
  container.replaceChildren(alert);
}
