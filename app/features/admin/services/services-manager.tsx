import { useState } from "react";
import { Link } from "react-router";
import type { Service } from "../../../../common/types.ts";
import { Icon } from "../../../components/ui/icons.tsx";
import { ApiError, apiData, failureReason } from "../../../lib/api.ts";
import { useApiMutation } from "../../../lib/use-api-mutation.ts";
import { useApiQuery } from "../../../lib/use-api-query.ts";
import { FlashBanners, useFlash } from "../flash.tsx";
import { AdminTable, ListStates, PageHeader, RowButton, tdClass } from "../ui.tsx";
import { iconLabel, ServiceForm, type ServiceValues } from "./service-form.tsx";

export const SERVICE_TEXT = {
  created: "Service created successfully",
  updated: "Service updated successfully",
  deleted: "Service deleted successfully",
  fetchFailed: "Failed to fetch services. Please try again later.",
  saveFailed: "Failed to save service. Please try again.",
  deleteFailed: "Failed to delete service. Please try again.",
  confirmDelete: "Are you sure you want to delete this service?",
  empty: 'No services found. Click "Add New Service" to create one.',
} as const;

type FormState = { mode: "closed" } | { mode: "adding" } | { mode: "editing"; service: Service };

/** Services Management: an inline form above the services table. */
export function ServicesManager() {
  const { data, loading, error, reload, setData } = useApiQuery<Service[]>("/services");
  const services = data ?? [];
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const mutation = useApiMutation();
  const saving = mutation.isBusy("save");
  const flash = useFlash();

  function open(next: FormState) {
    setServerErrors({});
    flash.clearError();
    setForm(next);
  }

  function close() {
    setForm({ mode: "closed" });
    setServerErrors({});
    // Back to where the user started: the Add New Service button.
    requestAnimationFrame(() => document.getElementById("add-service")?.focus());
  }

  async function save(values: ServiceValues) {
    if (form.mode === "closed") return;
    setServerErrors({});
    await mutation.run(
      async () => {
        if (form.mode === "editing") {
          const saved = await apiData<Service>(`/services/${form.service.id}`, {
            method: "PUT",
            body: values,
          });
          setData((list) => list?.map((s) => (s.id === saved.id ? saved : s)) ?? list);
          flash.showSuccess(SERVICE_TEXT.updated);
        } else {
          const saved = await apiData<Service>("/services", { method: "POST", body: values });
          setData((list) => [...(list ?? []), saved]);
          flash.showSuccess(SERVICE_TEXT.created);
        }
        close();
      },
      {
        key: "save",
        onError(error) {
          const fields = error instanceof ApiError ? error.errors : {};
          setServerErrors(fields);
          // The spec's text, with the server's message when it gave one (and no field errors).
          const reason = Object.keys(fields).length === 0 ? failureReason(error) : "";
          flash.showError(
            reason ? `${SERVICE_TEXT.saveFailed} ${reason}` : SERVICE_TEXT.saveFailed,
          );
        },
      },
    );
  }

  async function remove(service: Service) {
    if (!window.confirm(SERVICE_TEXT.confirmDelete)) return;
    await mutation.run(
      async () => {
        await apiData(`/services/${service.id}`, { method: "DELETE" });
        setData((list) => list?.filter((s) => s.id !== service.id) ?? list);
        if (form.mode === "editing" && form.service.id === service.id) setForm({ mode: "closed" });
        flash.showSuccess(SERVICE_TEXT.deleted);
      },
      { key: service.id, onError: () => flash.showError(SERVICE_TEXT.deleteFailed) },
    );
  }

  const formOpen = form.mode !== "closed";

  return (
    <div>
      <PageHeader
        title="Services"
        subtitle="Manage the services shown on the website"
        actions={
          <button
            id="add-service"
            type="button"
            className="btn-primary"
            disabled={formOpen}
            onClick={() => open({ mode: "adding" })}
          >
            Add New Service
          </button>
        }
      />
      <FlashBanners flash={flash} />
      {formOpen ? (
        <ServiceForm
          key={form.mode === "editing" ? form.service.id : "new"}
          service={form.mode === "editing" ? form.service : null}
          saving={saving}
          serverErrors={serverErrors}
          onSave={save}
          onCancel={close}
        />
      ) : null}
      <ListStates
        loading={loading}
        hasData={false}
        failed={error ? SERVICE_TEXT.fetchFailed : ""}
        empty={services.length === 0 ? SERVICE_TEXT.empty : ""}
        spinner="Loading services..."
        onRetry={reload}
      >
        <AdminTable
          caption="Services"
          headClassName="bg-slate-50 dark:bg-slate-800"
          headings={["Title", "Description", "Icon", { label: "Actions", className: "text-right" }]}
        >
          {services.map((service) => (
            <tr key={service.id}>
              <td className={`${tdClass} min-w-40`}>
                <p className="font-medium">{service.title}</p>
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  <Link to={`/services/${service.slug}`} className="link" target="_blank">
                    /services/{service.slug}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </Link>
                </p>
              </td>
              <td className={`${tdClass} min-w-56 max-w-md text-slate-700 dark:text-slate-200`}>
                {service.description}
              </td>
              <td className={tdClass}>
                <span className="inline-flex items-center gap-2">
                  <Icon name={service.icon} width={20} height={20} />
                  <span className="text-xs">{iconLabel(service.icon)}</span>
                </span>
              </td>
              <td className={`${tdClass} text-right whitespace-nowrap`}>
                <div className="inline-flex gap-2">
                  <RowButton
                    aria-label={`Edit ${service.title}`}
                    disabled={saving}
                    onClick={() => open({ mode: "editing", service })}
                  >
                    Edit
                  </RowButton>
                  <RowButton
                    danger
                    aria-label={`Delete ${service.title}`}
                    disabled={mutation.isBusy(service.id)}
                    onClick={() => void remove(service)}
                  >
                    {mutation.isBusy(service.id) ? "Deleting..." : "Delete"}
                  </RowButton>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      </ListStates>
    </div>
  );
}
