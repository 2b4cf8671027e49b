import { BoundField } from "#app/components/ui/bound-field.tsx";
import { CheckboxField } from "#app/components/ui/form.tsx";
import { counted } from "#common/text.ts";
import { ImageUpload } from "./controls.tsx";
import { bindSetting, type PanelProps } from "./panel-parts.tsx";

const count = (n: number) => counted(n, "character");

/** A recommended length and the text's length now (`data-testid` {name}-count). */
function LengthHint({
  recommended,
  name,
  text,
}: {
  recommended: string;
  name: string;
  text: string;
}) {
  return (
    <>
      Recommended: {recommended} characters <span aria-hidden>·</span>{" "}
      <span data-testid={`${name}-count`}>{count(text.length)}</span>
    </>
  );
}

export function SeoPanel(panel: PanelProps<"seo">) {
  const { values, patch } = panel;
  return (
    <div className="grid gap-4">
      <BoundField
        form={panel}
        name="metaTitle"
        label="Meta Title"
        hint={<LengthHint recommended="50-60" name="meta-title" text={values.metaTitle} />}
      />
      <BoundField
        form={panel}
        name="metaDescription"
        label="Meta Description"
        rows={3}
        hint={
          <LengthHint recommended="150-160" name="meta-description" text={values.metaDescription} />
        }
      />
      <ImageUpload
        {...bindSetting(panel, "ogImage")}
        label="OG Image"
        hint="Recommended size: 1200x630 pixels"
      />
      <BoundField
        form={panel}
        name="googleAnalyticsId"
        label="Google Analytics ID"
        placeholder="G-XXXXXXXXXX or UA-XXXXXXXX-X"
        autoComplete="off"
        spellCheck={false}
      />
      <CheckboxField
        id="settings-disableIndexing"
        checked={values.disableIndexing}
        onChange={(disableIndexing) => patch({ disableIndexing })}
      >
        Discourage search engines from indexing this site
      </CheckboxField>
    </div>
  );
}
