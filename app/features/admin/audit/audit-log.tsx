import { useState } from "react";
import { type DataColumn, DataTable } from "#app/components/ui/data-table.tsx";
import {
  choicesOf,
  DateFilter,
  FilterSelect,
  ListCount,
  PageHeader,
} from "#app/features/admin/ui.tsx";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_LABELS,
  AUDIT_ENTITY_TYPES,
  AUDIT_PAGE_SIZE,
} from "#common/audit.ts";
import { IMPORT_SOURCE_LABELS, type ImportSource } from "#common/schemas/imports.ts";
import { counted, formatDateTime } from "#common/text.ts";
import type { AuditEntry, AuditLogPage } from "#common/types.ts";

export const AUDIT_TEXT = {
  title: "Audit log",
  subtitle:
    "Who created, changed, published, uploaded or deleted what, and who signed in or failed to, newest first",
  empty: "Nothing recorded yet.",
  emptyFiltered: "No entries match these filters.",
  loadFailed: "Failed to load the audit log.",
} as const;

type Filters = { entity_type: string; action: string; actor_id: string; from: string; to: string };
const NO_FILTERS: Filters = { entity_type: "", action: "", actor_id: "", from: "", to: "" };

/** The filters by a fixed list: the entity's type and the action. */
const KIND_FILTERS = [
  {
    name: "entity_type",
    label: "Type",
    all: "All types",
    options: choicesOf(AUDIT_ENTITY_TYPES, AUDIT_ENTITY_LABELS),
  },
  {
    name: "action",
    label: "Action",
    all: "All actions",
    options: choicesOf(AUDIT_ACTIONS, AUDIT_ACTION_LABELS),
  },
] as const;

/** Where an entry's entity can be opened, while it exists. */
function entityHref(entry: AuditEntry): string | null {
  if (!entry.entity_id || entry.action === "deleted") return null;
  if (entry.entity_type === "post") return `/admin/posts/${entry.entity_id}/edit`;
  if (entry.entity_type === "settings") return "/admin/settings";
  if (entry.entity_type === "media") return "/admin/media";
  return null;
}

/** "15 minutes", "2 hours": a lock's length. */
function lockLength(minutes: number): string {
  if (minutes < 120) return counted(minutes, "minute");
  return `${Math.round(minutes / 60)} hours`;
}

/** What a reorder's entry counts, by the type of the reordered things. */
const REORDERED: Record<string, string> = {
  gallery_image: "image",
  service: "service",
  team_member: "team member",
};

/** The report's kinds, one and many: "1 post", "2 media items". */
const IMPORT_KIND_NAMES: Record<string, [string, string]> = {
  authors: ["author", "authors"],
  categories: ["category", "categories"],
  tags: ["tag", "tags"],
  posts: ["post", "posts"],
  pages: ["page", "pages"],
  media: ["media item", "media items"],
  redirects: ["redirect", "redirects"],
};

/** An import's counts in a line: "Created 12 posts, 3 tags · 2 failed". */
function importCounts(counts: unknown): string | null {
  if (!counts || typeof counts !== "object") return null;
  const created: string[] = [];
  let failed = 0;
  for (const [kind, outcome] of Object.entries(counts as Record<string, Record<string, unknown>>)) {
    const made = Number(outcome?.created ?? 0);
    const [one, many] = IMPORT_KIND_NAMES[kind] ?? [kind, kind];
    if (made > 0) created.push(counted(made, one, many));
    failed += Number(outcome?.failed ?? 0);
  }
  const line = created.length > 0 ? `Created ${created.join(", ")}` : "Nothing created";
  return failed > 0 ? `${line} · ${failed} failed` : line;
}

/** The midnight that starts `day` (YYYY-MM-DD) plus `days`, in this browser's time zone. */
function localMidnight(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(year!, month! - 1, date! + days).toISOString();
}

function describeDetails(entry: AuditEntry): string {
  const details = entry.details ?? {};
  const parts: string[] = [];
  if (Array.isArray(details.changed) && details.changed.length > 0) {
    parts.push(`Changed: ${details.changed.join(", ")}`);
  }
  if (typeof details.from === "string" && typeof details.to === "string") {
    parts.push(`${details.from} → ${details.to}`);
  }
  if (typeof details.scheduled_for === "string") {
    parts.push(`Scheduled for ${formatDateTime(details.scheduled_for)}`);
  }
  if (Array.isArray(details.reordered)) {
    parts.push(
      `${counted(details.reordered.length, REORDERED[entry.entity_type] ?? "item")} reordered`,
    );
  }
  if (typeof details.source === "string") {
    parts.push(
      `${IMPORT_SOURCE_LABELS[details.source as ImportSource] ?? details.source}${details.dryRun ? ", dry run" : ""}`,
    );
  }
  if (typeof details.error === "string") parts.push(`Failed: ${details.error}`);
  const counts = importCounts(details.counts);
  if (counts) parts.push(counts);
  if (details.bulk) parts.push("Bulk action");
  if (details.registration) parts.push("Registered");
  if (typeof details.unapproved_days === "number") {
    parts.push(`Registration nobody approved in ${counted(details.unapproved_days, "day")}`);
  }
  if (details.setup) parts.push("First admin (setup)");
  if (details.current_password) parts.push("Current password on the profile");
  if (details.scope === "account") parts.push("For clients the account does not know");
  if (details.scope === "client") parts.push("Every account, from this address");
  if (typeof details.minutes === "number") parts.push(`Locked for ${lockLength(details.minutes)}`);
  if (typeof details.sessions === "number") {
    parts.push(`${counted(details.sessions, "session")} ended`);
  }
  if (typeof details.file === "string") parts.push(`File ${details.file}`);
  if (typeof details.client === "string" && details.client !== "unknown") {
    parts.push(`From ${details.client}`);
  }
  return parts.join(" · ");
}

const COLUMNS: DataColumn<AuditEntry>[] = [
  {
    header: "When",
    cellClassName: "whitespace-nowrap",
    cell: (entry) => <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>,
  },
  { header: "Who", cell: (entry) => entry.actor_name },
  { header: "Action", cell: (entry) => AUDIT_ACTION_LABELS[entry.action] ?? entry.action },
  {
    header: "What",
    cellClassName: "break-words",
    cell: (entry) => {
      const href = entityHref(entry);
      return (
        <>
          <span className="text-slate-600 dark:text-slate-300">
            {AUDIT_ENTITY_LABELS[entry.entity_type] ?? entry.entity_type}:{" "}
          </span>
          {href ? (
            <a className="link" href={href}>
              {entry.entity_label}
            </a>
          ) : (
            entry.entity_label
          )}
        </>
      );
    },
  },
  {
    header: "Details",
    cellClassName: "text-slate-600 dark:text-slate-300",
    cell: describeDetails,
  },
];

/** The audit log for admins: filters by type, action, user and dates; pages of 50. */
export function AuditLog() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ page: String(page), limit: String(AUDIT_PAGE_SIZE) });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  // The days as this browser counts them (the times shown are its own): from
  // the first day's midnight to the midnight after the last.
  if (filters.from) query.set("from", localMidnight(filters.from, 0));
  if (filters.to) query.set("to", localMidnight(filters.to, 1));
  const { data, loading, error, reload } = useApiQuery<AuditLogPage>(`/audit-log?${query}`);

  function setFilter(name: keyof Filters, value: string) {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(1);
  }

  const filtered = Object.values(filters).some(Boolean);
  const totalPages = data?.totalPages ?? 1;

  return (
    <div>
      <PageHeader title={AUDIT_TEXT.title} subtitle={AUDIT_TEXT.subtitle} />
      <form
        aria-label="Filter the audit log"
        className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-6"
        onSubmit={(e) => e.preventDefault()}
      >
        {KIND_FILTERS.map(({ name, ...filter }) => (
          <FilterSelect
            key={name}
            {...filter}
            value={filters[name]}
            onChange={(value) => setFilter(name, value)}
          />
        ))}
        <FilterSelect
          label="User"
          all="Everyone"
          value={filters.actor_id}
          options={(data?.actors ?? []).map((actor) => ({
            value: String(actor.id),
            label: actor.name,
          }))}
          onChange={(value) => setFilter("actor_id", value)}
        />
        <DateFilter label="From" value={filters.from} onChange={(v) => setFilter("from", v)} />
        <DateFilter label="To" value={filters.to} onChange={(v) => setFilter("to", v)} />
        <div className="flex items-end">
          <button
            type="button"
            className="btn-outline"
            disabled={!filtered}
            onClick={() => {
              setFilters(NO_FILTERS);
              setPage(1);
            }}
          >
            Clear filters
          </button>
        </div>
      </form>
      {data ? <ListCount>{`${data.count} entr${data.count === 1 ? "y" : "ies"}`}</ListCount> : null}
      <DataTable
        label="Audit log entries"
        rows={data?.entries ?? []}
        rowId={(entry) => entry.id}
        columns={COLUMNS}
        loading={loading}
        error={error ? `${AUDIT_TEXT.loadFailed} ${error}` : ""}
        onRetry={reload}
        empty={filtered ? AUDIT_TEXT.emptyFiltered : AUDIT_TEXT.empty}
        spinner="Loading the audit log..."
        busy={loading}
        pagination={{ page, totalPages, onPage: setPage }}
      />
    </div>
  );
}
