import { counted } from "./text.ts";

/** What the profile page and its calls say (no zod). */
export const PROFILE_TEXTS = {
  wrongPassword: "The current password is not correct.",
  /** The lead of the 429 past the sign-in limits ("… Please try again in N minutes."). */
  tooManyPasswordTries: "Too many failed password attempts.",
  emailSent: (email: string) =>
    `We have sent a link to ${email}. Your e-mail address changes when you open it (within 24 hours).`,
  emailSame: "That is already your e-mail address.",
  emailConfirmed: "Your e-mail address has been changed.",
  invalidEmailLink:
    "This link is invalid or has expired. Links work once; change the address again on your profile if you still need it.",
  passwordChanged: "Your password has been changed. You were signed out everywhere else.",
  othersSignedOut: (n: number) => `Signed out of ${counted(n, "other session")}.`,
  saved: "Your profile has been saved.",
} as const;
