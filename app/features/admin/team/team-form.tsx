import { useEffect } from "react";
import type { z } from "zod";
import { BoundField } from "#app/components/ui/bound-field.tsx";
import { ImageUpload } from "#app/features/admin/settings/controls.tsx";
import { Card, FormActions } from "#app/features/admin/ui.tsx";
import { useSchemaForm } from "#app/lib/use-schema-form.ts";
import { TeamMemberInputSchema } from "#common/schemas/team.ts";
import { TEAM_TEXT_MAX } from "#common/team.ts";
import type { TeamMember } from "#common/types.ts";

export type TeamMemberValues = {
  name: string;
  role: string;
  bio: string;
  photo_url: string;
  email: string;
  linkedin_url: string;
  published: boolean;
};

/** What the form sends: the schema's output (sort_order only when the list sets it). */
export type TeamMemberData = z.output<typeof TeamMemberInputSchema>;

function initialValues(member: TeamMember | null): TeamMemberValues {
  return {
    name: member?.name ?? "",
    role: member?.role ?? "",
    bio: member?.bio ?? "",
    photo_url: member?.photo_url ?? "",
    email: member?.email ?? "",
    linkedin_url: member?.linkedin_url ?? "",
    published: member?.published ?? true,
  };
}

/**
 * Add or edit one member, bound to the schema POST /api/team validates with.
 * `onSave` answers the error of a failed save (its field errors go next to
 * the fields), or null.
 */
export function TeamForm({
  member,
  saving,
  onSave,
  onCancel,
}: {
  member: TeamMember | null;
  saving: boolean;
  onSave: (data: TeamMemberData) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useSchemaForm(TeamMemberInputSchema, () => initialValues(member), {
    idPrefix: "team",
  });
  useEffect(() => {
    document.getElementById("team-name")?.focus();
  }, []);

  const submit = form.submit(async (data) => {
    const error = await onSave(data);
    if (error) form.showErrors(error);
  });

  const heading = member ? `Edit Team Member: ${member.name}` : "Add Team Member";
  return (
    <Card className="mb-6">
      <form noValidate onSubmit={submit} aria-labelledby="team-form-heading" className="space-y-4">
        <h2 id="team-form-heading" className="text-lg font-semibold">
          {heading}
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <BoundField
            form={form}
            name="name"
            label="Name*"
            required
            maxLength={TEAM_TEXT_MAX.name}
            autoComplete="off"
          />
          <BoundField
            form={form}
            name="role"
            label="Role"
            maxLength={TEAM_TEXT_MAX.role}
            hint="The job title, such as Head of Engineering."
          />
        </div>
        <BoundField
          form={form}
          name="bio"
          label="Short Bio"
          rows={3}
          maxLength={TEAM_TEXT_MAX.bio}
          hint={`A sentence or two, at most ${TEAM_TEXT_MAX.bio} characters.`}
        />
        <ImageUpload
          id="team-photo_url"
          label="Photo"
          value={form.values.photo_url}
          error={form.errors.photo_url}
          onChange={(url) => form.set("photo_url", url)}
          previewClassName="h-20 w-20 rounded-full object-cover"
          hint="Shown as a circle; a square picture looks best. Without one the page shows the initials."
        />
        <div className="grid gap-4 md:grid-cols-2">
          <BoundField
            form={form}
            name="email"
            label="Email"
            type="email"
            autoComplete="off"
            hint="Optional: shown as an e-mail link."
          />
          <BoundField
            form={form}
            name="linkedin_url"
            label="LinkedIn URL"
            type="url"
            inputMode="url"
            placeholder="https://www.linkedin.com/in/…"
            hint="Optional: an https:// address."
          />
        </div>
        <div className="flex items-start gap-2">
          <input
            id="team-published"
            type="checkbox"
            name="published"
            checked={form.values.published}
            onChange={(e) => form.set("published", e.target.checked)}
            aria-describedby="team-published-hint"
            className="mt-1 h-4 w-4"
          />
          <div>
            <label htmlFor="team-published" className="text-sm font-medium">
              Published
            </label>
            <p id="team-published-hint" className="text-xs text-slate-600 dark:text-slate-400">
              Shown on the About page. Unpublished members are kept here only.
            </p>
          </div>
        </div>
        <FormActions saving={saving} saveLabel="Save Team Member" onCancel={onCancel} />
      </form>
    </Card>
  );
}
