import type { User } from "../../../../common/types.ts";

/** The signed-in user as GET /api/auth/me/profile answers. */
export type Profile = User & { avatar_url: string | null };

/** One session as GET /api/auth/me/sessions lists it. */
export type Session = {
  id: number;
  created_at: string;
  last_used_at: string;
  user_agent: string | null;
  current: boolean;
};
