import { useState } from "react";
import { Link } from "react-router";
import { type DataColumn, DataTable } from "#app/components/ui/data-table.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { FlashBanners, useFlash } from "#app/features/admin/flash.tsx";
import { useReorder } from "#app/features/admin/reorder.tsx";
import { RevisionsPanel } from "#app/features/admin/revisions/revisions-panel.tsx";
import { PageHeader, RowButton } from "#app/features/admin/ui.tsx";
import { ApiError, apiData, failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import type { Service } from "#common/types.ts";
import {
  iconLabel,
  ServiceForm,
  type ServiceSaveHooks,
  type ServiceValues,
} from "./service-form.tsx";

export const SERVICE_TEXT = {
  created: "Service created successfully",
  updated: "Service updated successfully",
  deleted: "Service deleted successfully",
  fetchFailed: "Failed to fetch services. Please try again later.",
  saveFailed: "Failed to save service. Please try again.",
  deleteFailed: "Failed to delete service. Please try again.",
  confirmDelete: "Are you sure you want to delete this service?",
  empty: 'No services found. Click "Add New Service" to create one.',
  orderFailed: "Failed to save the new order.",
} as const;

type FormState = { mode: "closed" } | { mode: "adding" } | { mode: "editing"; service: Service };

/** Services Management: an inline form above the services table. */
export function ServicesManager() {
  const { data, loading, error, reload, setData } = useApiQuery<Service[]>("/services");
  const services = data ?? [];
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const mutation = useApiMutation();
  const saving = mutation.isBusy("save");
  const flash = useFlash();
  const order = useReorder({
    items: services,
    setItems: setData,
    save: (ids) => apiData<Service[]>("/services/reorder", { method: "PUT", body: { ids } }),
    idPrefix: "service",
    nameOf: (service) => service.title,
    failed: SERVICE_TEXT.orderFailed,
    mutation,
    showError: flash.showError,
  });

  function open(next: FormState) {
    flash.clearError();
    setForm(next);
  }

  /** A restored revision replaces the service: in the list, and the form starts again from it. */
  function restored(service: Service) {
    setData((list) => list?.map((s) => (s.id === service.id ? service : s)) ?? list);
    setForm({ mode: "editing", service });
  }

  function close() {
    setForm({ mode: "closed" });
    // Back to where the user started: the Add New Service button.
    requestAnimationFrame(() => document.getElementById("add-service")?.focus());
  }

  async function save(values: ServiceValues, hooks: ServiceSaveHooks) {
    if (form.mode === "closed") return;
    await mutation.run(
      async () => {
        if (form.mode === "editing") {
          const saved = await apiData<Service>(`/services/${form.service.id}`, {
            method: "PUT",
            body: hooks.version ? { ...values, version: hooks.version } : values,
          });
          setData((list) => list?.map((s) => (s.id === saved.id ? saved : s)) ?? list);
          flash.showSuccess(SERVICE_TEXT.updated);
        } else {
          const saved = await apiData<Service>("/services", { method: "POST", body: values });
          setData((list) => [...(list ?? []), saved]);
          flash.showSuccess(SERVICE_TEXT.created);
        }
        hooks.saved();
        close();
      },
      {
        key: "save",
        onError(error) {
          // An edit conflict: the form says who changed it and offers the choices.
          if (hooks.failed(error)) return;
          const fields = error instanceof ApiError ? error.errors : {};
          // The spec's text, with the server's message when it gave one (and no field errors).
          flash.showError(
            Object.keys(fields).length === 0
              ? failureText(SERVICE_TEXT.saveFailed, error, { otherwise: "" })
              : SERVICE_TEXT.saveFailed,
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

  const columns: DataColumn<Service>[] = [
    {
      header: "Title",
      className: "min-w-40",
      cell: (service) => (
        <>
          <p className="font-medium">{service.title}</p>
          <p className="text-xs text-slate-600 dark:text-slate-300">
            <Link to={`/services/${service.slug}`} className="link" target="_blank">
              /services/{service.slug}
              <span className="sr-only"> (opens in a new tab)</span>
            </Link>
          </p>
        </>
      ),
    },
    {
      header: "Description",
      cellClassName: "min-w-56 max-w-md text-slate-700 dark:text-slate-200",
      cell: (service) => service.description,
    },
    {
      header: "Icon",
      cell: (service) => (
        <span className="inline-flex items-center gap-2">
          <Icon name={service.icon} width={20} height={20} />
          <span className="text-xs">{iconLabel(service.icon)}</span>
        </span>
      ),
    },
    {
      header: "Actions",
      className: "text-right",
      cellClassName: "text-right whitespace-nowrap",
      cell: (service) => {
        return (
          <div className="inline-flex flex-wrap justify-end gap-2">
            {order.buttons(service)}
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
        );
      },
    },
  ];

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
          key={form.mode === "editing" ? `${form.service.id}-${form.service.updated_at}` : "new"}
          service={form.mode === "editing" ? form.service : null}
          saving={saving}
          onSave={save}
          onCancel={close}
        />
      ) : null}
      {form.mode === "editing" ? (
        <RevisionsPanel
          key={form.service.id}
          current={{ type: "service", document: form.service }}
          onRestored={restored}
        />
      ) : null}
      <p className="sr-only" aria-live="polite">
        {order.announcement}
      </p>
      <DataTable
        label="Services"
        rows={services}
        rowId={(service) => service.id}
        columns={columns}
        loading={loading}
        error={error ? SERVICE_TEXT.fetchFailed : ""}
        onRetry={reload}
        empty={SERVICE_TEXT.empty}
        spinner="Loading services..."
        busy={order.moving}
      />
    </div>
  );
}
