import { useState } from "react";
import { type DataColumn, DataTable } from "#app/components/ui/data-table.tsx";
import {
  Badge,
  FilterSelect,
  ListCount,
  PageHeader,
  smallButton,
} from "#app/features/admin/ui.tsx";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import { LIST_PAGE_SIZE } from "#common/limits.ts";
import { counted, formatDateTime } from "#common/text.ts";
import type { OutboxMail, OutboxPage } from "#common/types.ts";

export const OUTBOX_TEXT = {
  title: "Outbox",
  subtitle: "Every mail the site sent or will send, newest first",
  empty: "No mail yet.",
  emptyFiltered: "No mail with this status.",
  loadFailed: "Failed to load the outbox.",
  notDelivering:
    "Mail is not being sent (SMTP_URL is not set): mails stay queued here. See “Mail” in docs/operations.md.",
} as const;

const PAGE_SIZE = LIST_PAGE_SIZE.outbox.default;

const KIND_LABELS: Record<string, string> = {
  contact_notification: "Contact message",
  registration_pending: "Registration",
  account_approved: "Account approved",
  password_reset: "Password reset",
  invitation: "Invitation",
  email_change: "E-mail change",
  email_changed: "E-mail changed",
};

const STATUS_CLASSES: Record<OutboxMail["status"], string> = {
  queued: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  sent: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
};

function describeStatus(mail: OutboxMail): string {
  const tries = counted(mail.attempts, "attempt");
  if (mail.status === "sent") return `Sent ${formatDateTime(mail.sent_at)}`;
  if (mail.status === "failed") return mail.attempts > 0 ? `Gave up after ${tries}` : "Not sent";
  return mail.attempts > 0 ? `${tries}; next ${formatDateTime(mail.next_attempt_at)}` : "Waiting";
}

const COLUMNS: DataColumn<OutboxMail>[] = [
  {
    header: "Queued",
    cellClassName: "whitespace-nowrap",
    cell: (mail) => <time dateTime={mail.created_at}>{formatDateTime(mail.created_at)}</time>,
  },
  { header: "To", cellClassName: "break-words", cell: (mail) => mail.to },
  { header: "Subject", cellClassName: "break-words", cell: (mail) => mail.subject },
  { header: "Kind", cell: (mail) => KIND_LABELS[mail.kind] ?? mail.kind },
  {
    header: "Status",
    cell: (mail) => (
      <>
        <Badge className={STATUS_CLASSES[mail.status]}>{mail.status}</Badge>
        <div className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {describeStatus(mail)}
        </div>
        {mail.last_error && mail.status !== "sent" ? (
          <div className="mt-1 text-xs break-words text-red-800 dark:text-red-300">
            {mail.last_error}
          </div>
        ) : null}
      </>
    ),
  },
];

/** A mail's text (and its Reply-To), opened below its row. */
function MailText({ mail }: { mail: OutboxMail }) {
  return (
    <>
      {mail.reply_to ? (
        <p className="mb-2 text-xs text-slate-600 dark:text-slate-300">Reply-To: {mail.reply_to}</p>
      ) : null}
      <pre className="max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 text-xs whitespace-pre-wrap break-words dark:bg-slate-950">
        {mail.text}
      </pre>
    </>
  );
}

/** The outbox for admins: status, recipient, subject; a mail's text on click. */
export function Outbox() {
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const query = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (status) query.set("status", status);
  const { data, loading, error, reload } = useApiQuery<OutboxPage>(`/mail/outbox?${query}`);

  const totalPages = data?.totalPages ?? 1;

  return (
    <div>
      <PageHeader title={OUTBOX_TEXT.title} subtitle={OUTBOX_TEXT.subtitle} />
      {data && !data.delivering ? (
        <p
          role="note"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {OUTBOX_TEXT.notDelivering}
        </p>
      ) : null}
      <form
        aria-label="Filter the outbox"
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <FilterSelect
          label="Status"
          all="All"
          value={status}
          options={[
            { value: "queued", label: "Queued" },
            { value: "sent", label: "Sent" },
            { value: "failed", label: "Failed" },
          ]}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
        <button type="button" className="btn-outline" onClick={reload}>
          Refresh
        </button>
      </form>
      {data ? <ListCount>{counted(data.count, "mail")}</ListCount> : null}
      <DataTable
        label="Outbox mails"
        rows={data?.mails ?? []}
        rowId={(mail) => mail.id}
        columns={[
          ...COLUMNS,
          {
            header: <span className="sr-only">Text</span>,
            cell: (mail) => (
              <button
                type="button"
                className={smallButton}
                aria-expanded={open === mail.id}
                aria-controls={`outbox-mail-${mail.id}`}
                onClick={() => setOpen(open === mail.id ? null : mail.id)}
              >
                {open === mail.id ? "Hide" : "Show"} text
              </button>
            ),
          },
        ]}
        detail={(mail) =>
          open === mail.id
            ? { id: `outbox-mail-${mail.id}`, content: <MailText mail={mail} /> }
            : null
        }
        loading={loading}
        error={error ? `${OUTBOX_TEXT.loadFailed} ${error}` : ""}
        onRetry={reload}
        empty={status ? OUTBOX_TEXT.emptyFiltered : OUTBOX_TEXT.empty}
        spinner="Loading the outbox..."
        busy={loading}
        pagination={{ page, totalPages, onPage: setPage }}
      />
    </div>
  );
}
