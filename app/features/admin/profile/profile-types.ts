/** The profile and session shapes of GET /api/auth/me/profile and /api/auth/me/sessions. */
export type { ActiveSession as Session, Profile } from "../../../../common/types.ts";
