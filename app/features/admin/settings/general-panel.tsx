import { BoundField } from "#app/components/ui/bound-field.tsx";
import { REVISIONS_TO_KEEP_MAX } from "#common/settings.ts";
import { ImageUpload } from "./controls.tsx";
import { bindSetting, NumberSetting, type PanelProps, wide } from "./panel-parts.tsx";

export function GeneralPanel(panel: PanelProps<"general">) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <BoundField form={panel} name="siteTitle" label="Site Title" />
      <BoundField
        form={panel}
        name="contactEmail"
        type="email"
        autoComplete="email"
        label="Contact Email"
      />
      <BoundField
        form={panel}
        name="notificationEmails"
        autoComplete="off"
        label="Notification Emails"
        hint="Who is mailed when a visitor sends the contact form: addresses separated by commas. Empty: the contact email."
        className={wide}
      />
      <BoundField
        form={panel}
        name="siteDescription"
        label="Site Description"
        rows={3}
        className={wide}
      />
      <BoundField
        form={panel}
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        label="Phone Number"
      />
      <NumberSetting panel={panel} name="postsPerPage" min={1} max={50} label="Posts Per Page" />
      <NumberSetting
        panel={panel}
        name="revisionsToKeep"
        min={0}
        max={REVISIONS_TO_KEEP_MAX}
        label="Revisions to keep"
        hint={`Per post, page and service; the oldest go first. 0 keeps all (0 to ${REVISIONS_TO_KEEP_MAX}).`}
      />
      <BoundField form={panel} name="address" label="Address" rows={2} className={wide} />
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
