/**
 * The team of the About page: limits and helpers shared by the public page,
 * the admin screen and the API. No zod here (the public page imports it); the
 * schemas are in `schemas/team.ts`.
 */

/** The most characters each text of a member may hold. */
export const TEAM_TEXT_MAX = {
  name: 200,
  role: 200,
  bio: 1000,
  linkedinUrl: 500,
} as const;

/**
 * The letters shown in the brand circle when a member has no photo: the
 * first letter of the first and the last word of the name ("Alya Pratama" →
 * "AP", "Budi" → "B"), upper-cased.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "";
  const first = Array.from(words[0]!)[0] ?? "";
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}
