import { TextAreaField, TextField } from "#app/components/ui/form.tsx";
import { bindText } from "#app/lib/use-schema-form.ts";
import { ImageUpload } from "./controls.tsx";
import { bindSetting, type PanelProps } from "./panel-parts.tsx";

function count(n: number) {
  return `${n} ${n === 1 ? "character" : "characters"}`;
}

export function SeoPanel(panel: PanelProps<"seo">) {
  const { values, patch } = panel;
  return (
    <div className="grid gap-4">
      <TextField
        {...bindText(panel, "metaTitle")}
        label="Meta Title"
        hint={
          <>
            Recommended: 50-60 characters <span aria-hidden>·</span>{" "}
            <span data-testid="meta-title-count">{count(values.metaTitle.length)}</span>
          </>
        }
      />
      <TextAreaField
        {...bindText(panel, "metaDescription")}
        label="Meta Description"
        rows={3}
        hint={
          <>
            Recommended: 150-160 characters <span aria-hidden>·</span>{" "}
            <span data-testid="meta-description-count">{count(values.metaDescription.length)}</span>
          </>
        }
      />
      <ImageUpload
        {...bindSetting(panel, "ogImage")}
        label="OG Image"
        hint="Recommended size: 1200x630 pixels"
      />
      <TextField
        {...bindText(panel, "googleAnalyticsId")}
        label="Google Analytics ID"
        placeholder="G-XXXXXXXXXX or UA-XXXXXXXX-X"
        autoComplete="off"
        spellCheck={false}
      />
      <div className="flex items-start gap-3">
        <input
          id="settings-disableIndexing"
          type="checkbox"
          checked={values.disableIndexing}
          onChange={(e) => patch({ disableIndexing: e.target.checked })}
          className="mt-0.5 h-4 w-4 rounded border-slate-400 accent-brand-strong"
        />
        <label htmlFor="settings-disableIndexing" className="text-sm">
          Discourage search engines from indexing this site
        </label>
      </div>
    </div>
  );
}
