import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import type { Service } from "../../../../common/types.ts";
import { Spinner } from "../../../components/ui/form.tsx";
import { Icon } from "../../../components/ui/icons.tsx";
import { ApiError, apiData, failureReason } from "../../../lib/api.ts";
import { FlashBanners, useFlash } from "../flash.tsx";
import {
  dangerButton,
  LoadFailed,
  PageHeader,
  smallButton,
  TableHead,
  tableClass,
  tdClass,
} from "../ui.tsx";
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
  const [services, setServices] = useState<Service[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState(false);
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<number | null>(null);
  const flash = useFlash();

  const load = useCallback(async (signal?: AbortSignal) => {
    setLoading(true);
    setLoadError(false);
    try {
      setServices(await apiData<Service[]>("/services", { signal }));
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      setLoadError(true);
    } finally {
      if (!signal?.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

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
    setSaving(true);
    setServerErrors({});
    try {
      if (form.mode === "editing") {
        const saved = await apiData<Service>(`/services/${form.service.id}`, {
          method: "PUT",
          body: values,
        });
        setServices((list) => list.map((s) => (s.id === saved.id ? saved : s)));
        flash.showSuccess(SERVICE_TEXT.updated);
      } else {
        const saved = await apiData<Service>("/services", { method: "POST", body: values });
        setServices((list) => [...list, saved]);
        flash.showSuccess(SERVICE_TEXT.created);
      }
      close();
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : {};
      setServerErrors(fields);
      // The spec's text, with the server's message when it gave one (and no field errors).
      const reason = Object.keys(fields).length === 0 ? failureReason(error) : "";
      flash.showError(reason ? `${SERVICE_TEXT.saveFailed} ${reason}` : SERVICE_TEXT.saveFailed);
    } finally {
      setSaving(false);
    }
  }

  async function remove(service: Service) {
    if (!window.confirm(SERVICE_TEXT.confirmDelete)) return;
    setDeleting(service.id);
    try {
      await apiData(`/services/${service.id}`, { method: "DELETE" });
      setServices((list) => list.filter((s) => s.id !== service.id));
      if (form.mode === "editing" && form.service.id === service.id) setForm({ mode: "closed" });
      flash.showSuccess(SERVICE_TEXT.deleted);
    } catch {
      flash.showError(SERVICE_TEXT.deleteFailed);
    } finally {
      setDeleting(null);
    }
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
      {loading ? (
        <Spinner label="Loading services..." />
      ) : loadError ? (
        <LoadFailed onRetry={() => void load()}>{SERVICE_TEXT.fetchFailed}</LoadFailed>
      ) : services.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {SERVICE_TEXT.empty}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <table className={tableClass}>
            <caption className="sr-only">Services</caption>
            <TableHead
              className="bg-slate-50 dark:bg-slate-800"
              columns={[
                "Title",
                "Description",
                "Icon",
                { label: "Actions", className: "text-right" },
              ]}
            />
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
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
                      <button
                        type="button"
                        className={smallButton}
                        aria-label={`Edit ${service.title}`}
                        disabled={saving}
                        onClick={() => open({ mode: "editing", service })}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className={dangerButton}
                        aria-label={`Delete ${service.title}`}
                        disabled={deleting === service.id}
                        onClick={() => void remove(service)}
                      >
                        {deleting === service.id ? "Deleting..." : "Delete"}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
