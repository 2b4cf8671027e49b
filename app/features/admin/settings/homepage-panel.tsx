import { BoundField } from "#app/components/ui/bound-field.tsx";
import type { TextKey } from "#app/lib/use-schema-form.ts";
import type { SiteSettings } from "#common/settings.ts";
import { ImageUpload, Switch } from "./controls.tsx";
import { bindSetting, Group, type PanelProps, wide } from "./panel-parts.tsx";

export function HomepagePanel(panel: PanelProps<"homepage">) {
  type Key = TextKey<SiteSettings["homepage"]>;
  const text = (key: Key, label: string, extra: { area?: boolean; wide?: boolean } = {}) => {
    const props = { form: panel, name: key, label, className: extra.wide ? wide : undefined };
    return extra.area ? <BoundField {...props} rows={3} /> : <BoundField {...props} />;
  };
  const url = (key: Key, label: string) => (
    <BoundField
      form={panel}
      name={key}
      label={label}
      hint="A page on this site such as /about, or a full https:// address."
    />
  );
  return (
    <div className="space-y-6">
      <Group title="Hero Section">
        {text("heroTitle", "Hero Title", { wide: true })}
        {text("heroSubtitle", "Hero Subtitle", { area: true, wide: true })}
        {text("heroButtonText", "Primary Button Text")}
        {url("primaryButtonUrl", "Primary Button URL")}
        {text("heroSecondaryButtonText", "Secondary Button Text")}
        {url("secondaryButtonUrl", "Secondary Button URL")}
      </Group>
      <Group title="Services Section">
        {text("servicesTitle", "Services Title")}
        {text("servicesSubtitle", "Services Subtitle")}
      </Group>
      <Group title="About Section">
        {text("aboutTitle", "About Title", { wide: true })}
        {text("aboutContent", "Main Content", { area: true, wide: true })}
        {text("aboutSecondaryContent", "Secondary Content", { area: true, wide: true })}
        <ImageUpload {...bindSetting(panel, "aboutImage")} label="About Image" />
        {text("aboutButtonText", "About Button Text")}
      </Group>
      <Group title="Call to Action">
        <Switch
          label="Show Call to Action"
          checked={panel.values.showCta}
          onChange={(showCta) => panel.patch({ showCta })}
        />
        {text("ctaTitle", "CTA Title")}
        {text("ctaSubtitle", "CTA Subtitle")}
        {text("ctaButtonText", "CTA Button Text")}
        {url("ctaButtonUrl", "CTA Button URL")}
      </Group>
    </div>
  );
}
