import { useEffect, useState } from "react";
import { BoundField } from "#app/components/ui/bound-field.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { useDocumentSafety } from "#app/features/admin/autosave/use-document-safety.tsx";
import { Card, FormActions, inputClass } from "#app/features/admin/ui.tsx";
import { apiData } from "#app/lib/api.ts";
import { useSchemaForm } from "#app/lib/use-schema-form.ts";
import { SERVICE_ICONS, type ServiceIcon } from "#common/enums.ts";
import { ServiceInputSchema } from "#common/schemas/content.ts";
import { slugify } from "#common/text.ts";
import type { Service } from "#common/types.ts";

/** How a save reports back to the form (edit conflicts and autosave, decision 018). */
export type ServiceSaveHooks = {
  /** The version to send (null: a new service). */
  version: number | null;
  /** The save failed: true when the form shows it (an edit conflict). */
  failed(error: unknown): boolean;
  saved(): void;
};

export type ServiceValues = {
  title: string;
  slug: string;
  description: string;
  icon: ServiceIcon;
  details: string;
};

const ICON_LABELS: Record<ServiceIcon, string> = {
  computer: "Computer",
  smartphone: "Smartphone",
  chart: "Chart",
  gear: "Gear",
  shield: "Shield",
  cloud: "Cloud",
  code: "Code",
  briefcase: "Briefcase",
};

export function iconLabel(icon: string) {
  return ICON_LABELS[icon as ServiceIcon] ?? icon;
}

function initialValues(service: Service | null): ServiceValues {
  if (!service) return { title: "", slug: "", description: "", icon: "computer", details: "" };
  return {
    title: service.title,
    slug: service.slug,
    description: service.description,
    icon: (SERVICE_ICONS as readonly string[]).includes(service.icon)
      ? (service.icon as ServiceIcon)
      : "computer",
    details: service.details ?? "",
  };
}

/**
 * The inline add/edit form (spec: "Service form: closed, adding, or editing").
 * The slug follows the title until the user edits the slug by hand; when
 * editing an existing service the slug is left alone (its URL is public).
 */
export function ServiceForm({
  service,
  saving,
  onSave,
  onCancel,
}: {
  service: Service | null;
  saving: boolean;
  onSave: (values: ServiceValues, hooks: ServiceSaveHooks) => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm(ServiceInputSchema, () => initialValues(service), {
    idPrefix: "service",
  });
  const { values, errors } = form;
  const [slugEdited, setSlugEdited] = useState(service !== null);
  const safety = useDocumentSafety({
    kind: "service",
    noun: "service",
    doc: service,
    values,
    dirty: form.dirty,
    enabled: true,
    fill: form.fill,
    adopt: form.reset,
    async loadTheirs() {
      const theirs = await apiData<Service>(`/services/${service!.id}`);
      return { values: initialValues(theirs), version: theirs.version };
    },
    resave: () => trySave(),
  });
  useEffect(() => {
    document.getElementById("service-title")?.focus();
  }, []);

  function setTitle(title: string) {
    form.set("title", title);
    if (!slugEdited) form.set("slug", slugify(title));
  }

  const trySave = form.submit((data) =>
    onSave(
      {
        title: data.title,
        slug: data.slug,
        description: data.description,
        icon: data.icon,
        details: data.details,
      },
      {
        version: safety.version,
        // An edit conflict shows its notice; a 400 puts the server's messages by their fields.
        failed: (error) => safety.saveFailed(error) || (form.showErrors(error) && false),
        saved: () => safety.saved(),
      },
    ),
  );

  const heading = service ? `Edit Service: ${service.title}` : "Add New Service";
  return (
    <Card className="mb-6">
      <form onSubmit={trySave} aria-labelledby="service-form-heading" className="space-y-4">
        <h2 id="service-form-heading" className="text-lg font-semibold">
          {heading}
        </h2>
        {safety.panel}
        <div className="grid gap-4 md:grid-cols-2">
          <BoundField
            form={form}
            name="title"
            label="Title*"
            required
            maxLength={200}
            onValue={setTitle}
          />
          <BoundField
            form={form}
            name="slug"
            label="Slug*"
            required
            maxLength={200}
            hint="Used in URLs, generated from the title but can be edited"
            autoCapitalize="none"
            spellCheck={false}
            onValue={(slug) => {
              setSlugEdited(true);
              form.set("slug", slug);
            }}
          />
        </div>
        <BoundField
          form={form}
          name="description"
          label="Short Description*"
          required
          rows={3}
          maxLength={1000}
          hint={
            <>
              Shown on the homepage, max 150 characters recommended{" "}
              <span
                className={
                  values.description.length > 150
                    ? "font-semibold text-amber-800 dark:text-amber-300"
                    : ""
                }
              >
                ({values.description.length}/150)
              </span>
            </>
          }
        />
        <div>
          <label htmlFor="service-icon" className="block text-sm font-medium">
            Icon
          </label>
          <div className="mt-1 flex items-center gap-3">
            <select
              id="service-icon"
              name="icon"
              value={values.icon}
              onChange={(e) => form.set("icon", e.target.value as ServiceIcon)}
              className={`${inputClass} max-w-xs`}
              aria-describedby="service-icon-preview"
            >
              {SERVICE_ICONS.map((icon) => (
                <option key={icon} value={icon}>
                  {ICON_LABELS[icon]}
                </option>
              ))}
            </select>
            <span
              id="service-icon-preview"
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100"
            >
              <Icon name={values.icon} title={`Preview: ${ICON_LABELS[values.icon]} icon`} />
            </span>
          </div>
          {errors.icon ? (
            <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.icon}</p>
          ) : null}
        </div>
        <BoundField
          form={form}
          name="details"
          label="Full Details"
          rows={6}
          maxLength={20_000}
          hint="The text of the service's detail page. Blank lines start a new paragraph."
        />
        <FormActions saving={saving} saveLabel="Save Service" onCancel={onCancel}>
          {safety.indicator}
        </FormActions>
      </form>
    </Card>
  );
}
