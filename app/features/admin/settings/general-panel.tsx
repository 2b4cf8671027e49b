import { TextAreaField, TextField } from "#app/components/ui/form.tsx";
import { bindText } from "#app/lib/use-schema-form.ts";
import { REVISIONS_TO_KEEP_MAX } from "#common/settings.ts";
import { ImageUpload } from "./controls.tsx";
import { bindNumber, bindSetting, type PanelProps, wide } from "./panel-parts.tsx";

export function GeneralPanel(panel: PanelProps<"general">) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField {...bindText(panel, "siteTitle")} label="Site Title" />
      <TextField
        {...bindText(panel, "contactEmail")}
        type="email"
        autoComplete="email"
        label="Contact Email"
      />
      <TextField
        {...bindText(panel, "notificationEmails")}
        autoComplete="off"
        label="Notification Emails"
        hint="Who is mailed when a visitor sends the contact form: addresses separated by commas. Empty: the contact email."
        className={wide}
      />
      <TextAreaField
        {...bindText(panel, "siteDescription")}
        label="Site Description"
        rows={3}
        className={wide}
      />
      <TextField
        {...bindText(panel, "phoneNumber")}
        type="tel"
        autoComplete="tel"
        label="Phone Number"
      />
      <TextField
        {...bindNumber(panel, "postsPerPage")}
        inputMode="numeric"
        min={1}
        max={50}
        step={1}
        label="Posts Per Page"
        hint="Between 1 and 50."
      />
      <TextField
        {...bindNumber(panel, "revisionsToKeep")}
        inputMode="numeric"
        min={0}
        max={REVISIONS_TO_KEEP_MAX}
        step={1}
        label="Revisions to keep"
        hint={`Per post, page and service; the oldest go first. 0 keeps all (0 to ${REVISIONS_TO_KEEP_MAX}).`}
      />
      <TextAreaField {...bindText(panel, "address")} label="Address" rows={2} className={wide} />
      <ImageUpload {...bindSetting(panel, "logoUrl")} label="Logo" />
      <ImageUpload
        {...bindSetting(panel, "faviconUrl")}
        label="Favicon"
        accept=".ico,.png,.jpg,.jpeg,image/x-icon,image/vnd.microsoft.icon,image/png,image/jpeg"
        hint="ICO, PNG or JPEG."
        previewClassName="h-8 w-8"
      />
    </div>
  );
}
