import type { PostAuthor } from "#common/types.ts";

/** The post's author as a display name (the API may give a string or an object). */
export function authorName(author: PostAuthor | string | null | undefined): string {
  if (!author) return "Unknown";
  if (typeof author === "string") return author;
  const full = `${author.first_name ?? ""} ${author.last_name ?? ""}`.trim();
  return author.name?.trim() || full || author.username || "Unknown";
}

/** Names of a list that may hold names or `{name}` objects. */
export function names(list: ({ name: string } | string)[] | null | undefined): string[] {
  return (list ?? []).map((item) => (typeof item === "string" ? item : item.name));
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO date as the value of a datetime-local input, in the browser's zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the browser's zone) as ISO, or null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** "a, b ,, c" → ["a", "b", "c"], duplicates removed. */
export function splitTags(value: string): string[] {
  return [
    ...new Set(
      value
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}
