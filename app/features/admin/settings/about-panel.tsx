import { Link } from "react-router";
import { BoundField } from "#app/components/ui/bound-field.tsx";
import type { TextKey } from "#app/lib/use-schema-form.ts";
import type { SiteSettings } from "#common/settings.ts";
import { Group, type PanelProps, wide } from "./panel-parts.tsx";
import { ValuesEditor } from "./values-editor.tsx";

const PARAGRAPHS_HINT =
  "A blank line starts a new paragraph. Leave it empty to leave this part off the page.";

/** The About page (/about): its headings, texts, values and call to action. */
export function AboutPanel(panel: PanelProps<"about">) {
  type Key = TextKey<SiteSettings["about"]>;
  const heading = (key: Key, label: string) => (
    <BoundField form={panel} name={key} label={label} maxLength={100} />
  );
  const area = (key: Key, label: string, rows = 4, hint = PARAGRAPHS_HINT) => (
    <BoundField form={panel} name={key} label={label} rows={rows} className={wide} hint={hint} />
  );
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        What the{" "}
        <a href="/about" className="link" target="_blank" rel="noopener">
          About page<span className="sr-only"> (opens in a new tab)</span>
        </a>{" "}
        shows. A part whose text is empty is left off the page, heading and all.
      </p>
      <Group title="Introduction">
        {heading("title", "Page Title")}
        {area("intro", "Introduction", 3, "The lead text under the page title.")}
      </Group>
      <Group title="Mission">
        {heading("missionTitle", "Mission Heading")}
        {area("mission", "Mission")}
      </Group>
      <Group title="Vision">
        {heading("visionTitle", "Vision Heading")}
        {area("vision", "Vision")}
      </Group>
      <Group title="History">
        {heading("historyTitle", "History Heading")}
        {area("history", "History", 6)}
      </Group>
      <Group title="Values">
        {heading("valuesTitle", "Values Heading")}
        <ValuesEditor
          values={panel.values.values}
          onChange={(values) => panel.patch({ values })}
          errors={panel.errors}
        />
      </Group>
      <Group title="Team">
        {heading("teamTitle", "Team Heading")}
        <p className="self-end text-sm text-slate-600 dark:text-slate-300">
          The people are managed in{" "}
          <Link to="/admin/team" className="link">
            Team
          </Link>
          ; the section shows the published ones.
        </p>
      </Group>
      <Group title="Call to Action">
        <BoundField
          form={panel}
          name="ctaText"
          label="Button Text"
          maxLength={60}
          hint="Leave it empty for no button."
        />
        <BoundField
          form={panel}
          name="ctaUrl"
          label="Button URL"
          hint="A page on this site such as /contact (the default), or a full https:// address."
        />
      </Group>
    </div>
  );
}
