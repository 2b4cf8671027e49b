/** What the password-reset and invitation pages and calls say (no zod: public pages import it). */
export const PASSWORD_RESET_TEXTS = {
  /** The one answer to every request, known address or not. */
  requested:
    "If an account exists for that address, we have sent a link to reset the password. The link is valid for one hour.",
  invalidLink:
    "This link is invalid or has expired. Links work once; ask for a new one if you still need it.",
  done: "Your password has been changed. Please sign in with your new password.",
} as const;

export const INVITATION_TEXTS = {
  invalidLink:
    "This invitation link is invalid or has expired. Ask an administrator to send a new one.",
  done: "Your password has been set. Please sign in with your e-mail address and the new password.",
} as const;

/** What a browser without JavaScript shows above the forms only script can send (ScriptForm). */
export const SCRIPT_NEEDED =
  "This form needs JavaScript. Please turn it on in your browser and reload the page.";
