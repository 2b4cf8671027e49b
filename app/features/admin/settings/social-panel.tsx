import { BoundField } from "#app/components/ui/bound-field.tsx";
import type { PanelProps } from "./panel-parts.tsx";

const SOCIAL = [
  { key: "facebook", label: "Facebook URL", placeholder: "https://facebook.com/yourpage" },
  { key: "twitter", label: "Twitter URL", placeholder: "https://twitter.com/yourhandle" },
  { key: "instagram", label: "Instagram URL", placeholder: "https://instagram.com/yourhandle" },
  { key: "linkedin", label: "LinkedIn URL", placeholder: "https://linkedin.com/company/yours" },
  { key: "youtube", label: "YouTube URL", placeholder: "https://youtube.com/@yourchannel" },
] as const;

export function SocialPanel(panel: PanelProps<"social">) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {SOCIAL.map((s) => (
        <BoundField
          key={s.key}
          form={panel}
          name={s.key}
          type="url"
          inputMode="url"
          label={s.label}
          placeholder={s.placeholder}
        />
      ))}
    </div>
  );
}
