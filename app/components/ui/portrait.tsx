import { initialsOf } from "#common/team.ts";
import { ResponsiveImage } from "./responsive-image.tsx";

const SIZES = {
  small: { px: 40, box: "h-10 w-10", text: "text-sm" },
  large: { px: 80, box: "h-20 w-20", text: "text-2xl" },
} as const;

/**
 * A team member's round photo, or their initials when there is none. Silent to
 * screen readers: the name always follows.
 */
export function Portrait({
  member,
  size,
}: {
  member: { name: string; photo_url?: string | null };
  size: keyof typeof SIZES;
}) {
  const { px, box, text } = SIZES[size];
  if (member.photo_url) {
    return (
      <ResponsiveImage
        src={member.photo_url}
        alt=""
        width={px}
        height={px}
        sizes={`${px}px`}
        loading="lazy"
        className={`${box} rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={`flex ${box} items-center justify-center rounded-full bg-brand-strong ${text} font-bold text-white`}
    >
      {initialsOf(member.name)}
    </span>
  );
}
