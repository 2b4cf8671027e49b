import { useId, useState } from "react";
import { Alert } from "#app/components/ui/form.tsx";
import { Card, inputClass, RowButton } from "#app/features/admin/ui.tsx";
import { api, apiData, failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import type { PreviewLink, PreviewLinkCreated } from "#common/schemas/preview-links.ts";
import { formatDateTime } from "#common/text.ts";

/** The expiries offered; 7 days unless chosen otherwise (the API's default too). */
const EXPIRY_CHOICES = [
  { hours: 1, label: "1 hour" },
  { hours: 24, label: "1 day" },
  { hours: 168, label: "7 days" },
  { hours: 720, label: "30 days" },
] as const;

const STATUS_LABELS: Record<PreviewLink["status"], string> = {
  active: "Active",
  expired: "Expired",
  revoked: "Revoked",
};

/**
 * "Share preview" (issue 23): a secret link that shows a saved draft or
 * scheduled post or page in its public design to someone without an account.
 * "Create link" shows the new address once (with Copy); the list shows every
 * link's status and expiry, with Revoke for the active ones. Nothing shows for
 * a published document or one not saved yet.
 */
export function SharePreviewCard({
  kind,
  document,
}: {
  kind: "post" | "page";
  /** The document as last saved (its stored status decides whether it can be shared). */
  document: { id: number; status: string };
}) {
  const base = kind === "post" ? `/blog/posts/${document.id}` : `/pages/${document.id}`;
  const shareable = document.status === "draft" || document.status === "scheduled";
  const links = useApiQuery<PreviewLink[]>(shareable ? `${base}/preview-links` : null);
  const mutation = useApiMutation();
  const [hours, setHours] = useState(168);
  const [created, setCreated] = useState<PreviewLinkCreated | null>(null);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const selectId = useId();
  const urlId = useId();
  if (!shareable) return null;

  const create = () =>
    mutation.run(
      async () => {
        const link = await apiData<PreviewLinkCreated>(`${base}/preview-links`, {
          body: { expires_in_hours: hours },
        });
        setCreated(link);
        setNotice(null);
        links.reload();
      },
      {
        key: "create",
        onError: (e) =>
          setNotice({ kind: "error", text: failureText("Failed to create preview link.", e) }),
      },
    );

  const revoke = (id: number) =>
    mutation.run(
      async () => {
        await api(`${base}/preview-links/${id}`, { method: "DELETE" });
        if (created?.id === id) setCreated(null);
        setNotice({ kind: "success", text: "Preview link revoked." });
        links.reload();
      },
      {
        key: id,
        onError: (e) =>
          setNotice({ kind: "error", text: failureText("Failed to revoke preview link.", e) }),
      },
    );

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setNotice({ kind: "success", text: "Link copied." });
    } catch {
      setNotice({ kind: "error", text: "Could not copy the link: select it and copy it by hand." });
    }
  };

  return (
    <Card className="space-y-4">
      <section
        aria-labelledby={`${selectId}-title`}
        data-testid="share-preview"
        className="space-y-4"
      >
        <h2 id={`${selectId}-title`} className="text-lg font-semibold">
          Share preview
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          A secret link shows this {kind} as visitors will see it, to anyone who has the link,
          without signing in.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={selectId} className="block text-sm font-medium">
              Link expires after
            </label>
            <select
              id={selectId}
              value={hours}
              onChange={(e) => setHours(Number(e.target.value))}
              className={`mt-1 ${inputClass}`}
            >
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice.hours} value={choice.hours}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn-outline"
            onClick={create}
            disabled={mutation.isBusy("create")}
          >
            {mutation.isBusy("create") ? "Creating..." : "Create link"}
          </button>
        </div>
        {created ? (
          <div className="space-y-2 rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
            <label htmlFor={urlId} className="block text-sm font-medium">
              Preview link (shown only now: copy it)
            </label>
            <div className="flex gap-2">
              <input
                id={urlId}
                readOnly
                value={created.url}
                onFocus={(e) => e.currentTarget.select()}
                className={`min-w-0 flex-1 ${inputClass}`}
              />
              <RowButton onClick={copy}>Copy</RowButton>
            </div>
            <p className="text-xs text-slate-600 dark:text-slate-300">
              Expires {formatDateTime(created.expires_at)}.
            </p>
          </div>
        ) : null}
        {notice ? (
          <Alert kind={notice.kind} onDismiss={() => setNotice(null)}>
            {notice.text}
          </Alert>
        ) : null}
        <PreviewLinkList
          links={links.data}
          failed={links.error}
          isBusy={mutation.isBusy}
          onRevoke={revoke}
        />
      </section>
    </Card>
  );
}

function PreviewLinkList({
  links,
  failed,
  isBusy,
  onRevoke,
}: {
  links: PreviewLink[] | null;
  failed: string;
  isBusy: (key: number) => boolean;
  onRevoke: (id: number) => void;
}) {
  if (failed)
    return (
      <p className="text-sm text-red-700 dark:text-red-300">
        Failed to load preview links. {failed}
      </p>
    );
  if (!links) return null;
  if (links.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">No preview links yet.</p>;
  }
  return (
    <ul
      aria-label="Preview links"
      className="divide-y divide-slate-200 text-sm dark:divide-slate-700"
    >
      {links.map((link) => (
        <li key={link.id} className="flex items-center justify-between gap-2 py-2">
          <div>
            <span className="font-medium">{STATUS_LABELS[link.status]}</span>
            <span className="block text-xs text-slate-600 dark:text-slate-300">
              {link.status === "revoked"
                ? `Revoked ${formatDateTime(link.revoked_at)}`
                : `${link.status === "expired" ? "Expired" : "Expires"} ${formatDateTime(link.expires_at)}`}
              {link.created_by ? ` · made by ${link.created_by.name}` : ""}
            </span>
          </div>
          {link.status === "active" ? (
            <RowButton
              danger
              onClick={() => onRevoke(link.id)}
              disabled={isBusy(link.id)}
              aria-label={`Revoke preview link created ${formatDateTime(link.created_at)}`}
            >
              Revoke
            </RowButton>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
