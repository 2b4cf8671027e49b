/** The contact form's notices (the spec's texts), shown by the server's render and by the page's script. */
export const CONTACT_SUCCESS =
  "Your message has been sent successfully! We'll get back to you soon.";
export const CONTACT_FAILURE = "Failed to submit the form. Please try again.";
/** How long the success notice stays, in milliseconds. */
export const CONTACT_SUCCESS_MS = 5000;
