import { Icon } from "#app/components/ui/icons.tsx";
import { Portrait } from "#app/components/ui/portrait.tsx";
import { mailtoHref } from "#common/email.ts";
import type { TeamMember } from "#common/types.ts";

const linkClass =
  "inline-flex rounded-full p-2 text-slate-600 hover:bg-slate-200 hover:text-brand-strong dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-brand-light";

/** The published team in order: photo (or initials), name, role, bio and links. */
export function TeamList({ members }: { members: readonly TeamMember[] }) {
  return (
    <ul className="mt-10 grid gap-6 md:grid-cols-3">
      {members.map((member) => (
        <li
          key={member.id}
          className="flex flex-col items-center rounded-xl bg-white p-6 text-center shadow-sm dark:bg-slate-800"
        >
          <Portrait member={member} size="large" />
          <h3 className="mt-4 text-lg font-semibold">{member.name}</h3>
          {member.role ? <p className="text-slate-600 dark:text-slate-300">{member.role}</p> : null}
          {member.bio ? (
            <p className="mt-3 text-sm whitespace-pre-line text-slate-700 dark:text-slate-200">
              {member.bio}
            </p>
          ) : null}
          {member.email || member.linkedin_url ? (
            <ul className="mt-3 flex gap-2">
              {member.email ? (
                <li>
                  <a href={mailtoHref(member.email)} className={linkClass}>
                    <Icon name="mail" width={20} height={20} />
                    <span className="sr-only">Email {member.name}</span>
                  </a>
                </li>
              ) : null}
              {member.linkedin_url ? (
                <li>
                  <a
                    href={member.linkedin_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={linkClass}
                  >
                    <Icon name="linkedin" width={20} height={20} />
                    <span className="sr-only">{member.name} on LinkedIn (opens in a new tab)</span>
                  </a>
                </li>
              ) : null}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
