import { useState } from "react";
import { Link } from "react-router";
import { type DataColumn, DataTable } from "#app/components/ui/data-table.tsx";
import { Portrait } from "#app/components/ui/portrait.tsx";
import { FlashBanners, useFlash } from "#app/features/admin/flash.tsx";
import { useReorder } from "#app/features/admin/reorder.tsx";
import { Badge, PageHeader, RowButton, STATUS_BADGE } from "#app/features/admin/ui.tsx";
import { apiData, failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import type { TeamMember } from "#common/types.ts";
import { TeamForm, type TeamMemberData } from "./team-form.tsx";

export const TEAM_SCREEN_TEXT = {
  created: "Team member added successfully",
  updated: "Team member updated successfully",
  deleted: "Team member deleted successfully",
  loadFailed: "Failed to load the team. Please try again.",
  saveFailed: "Failed to save team member.",
  deleteFailed: "Failed to delete team member.",
  orderFailed: "Failed to save the new order.",
  confirmDelete: "Are you sure you want to delete this team member?",
  empty: 'No team members yet. Click "Add Team Member" to add one.',
} as const;

type FormState = { mode: "closed" } | { mode: "adding" } | { mode: "editing"; member: TeamMember };

/**
 * Team (admins, editors): the people of the About page in its order. Add and
 * edit in a form above the list, move with Up/Down (saved at once with
 * PUT /api/team/order), delete after a confirmation.
 */
export function TeamScreen() {
  const query = useApiQuery<TeamMember[]>("/team");
  const members = query.data ?? [];
  const setMembers = query.setData;
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const mutation = useApiMutation();
  const flash = useFlash();
  const order = useReorder({
    items: members,
    setItems: setMembers,
    save: (ids) => apiData<TeamMember[]>("/team/order", { method: "PUT", body: { ids } }),
    idPrefix: "team",
    nameOf: (member) => member.name,
    failed: TEAM_SCREEN_TEXT.orderFailed,
    mutation,
    showError: flash.showError,
  });

  function open(next: FormState) {
    flash.clearError();
    setForm(next);
  }

  function close() {
    setForm({ mode: "closed" });
    requestAnimationFrame(() => document.getElementById("add-team-member")?.focus());
  }

  async function save(data: TeamMemberData): Promise<unknown> {
    if (form.mode === "closed") return null;
    let failure: unknown = null;
    await mutation.run(
      async () => {
        if (form.mode === "editing") {
          const saved = await apiData<TeamMember>(`/team/${form.member.id}`, {
            method: "PUT",
            body: data,
          });
          setMembers((list) => list?.map((m) => (m.id === saved.id ? saved : m)) ?? list);
          flash.showSuccess(TEAM_SCREEN_TEXT.updated);
        } else {
          const saved = await apiData<TeamMember>("/team", { method: "POST", body: data });
          setMembers((list) => [...(list ?? []), saved]);
          flash.showSuccess(TEAM_SCREEN_TEXT.created);
        }
        close();
      },
      {
        key: "save",
        onError(error) {
          failure = error;
          flash.showError(failureText(TEAM_SCREEN_TEXT.saveFailed, error));
        },
      },
    );
    return failure;
  }

  async function remove(member: TeamMember) {
    if (!window.confirm(TEAM_SCREEN_TEXT.confirmDelete)) return;
    await mutation.run(
      async () => {
        await apiData(`/team/${member.id}`, { method: "DELETE" });
        setMembers((list) => list?.filter((m) => m.id !== member.id) ?? list);
        if (form.mode === "editing" && form.member.id === member.id) setForm({ mode: "closed" });
        flash.showSuccess(TEAM_SCREEN_TEXT.deleted);
        requestAnimationFrame(() => document.getElementById("add-team-member")?.focus());
      },
      {
        key: member.id,
        onError: (error) => flash.showError(failureText(TEAM_SCREEN_TEXT.deleteFailed, error)),
      },
    );
  }

  const columns: DataColumn<TeamMember>[] = [
    {
      header: <span className="sr-only">Photo</span>,
      className: "w-14",
      cell: (member) => <Portrait member={member} size="small" />,
    },
    {
      header: "Name",
      className: "min-w-40",
      cell: (member) => (
        <>
          <p className="font-medium">{member.name}</p>
          {member.email ? (
            <p className="text-xs break-all text-slate-600 dark:text-slate-300">{member.email}</p>
          ) : null}
        </>
      ),
    },
    {
      header: "Role",
      className: "min-w-32 text-slate-700 dark:text-slate-200",
      cell: (member) => member.role,
    },
    {
      header: "Status",
      cell: (member) =>
        member.published ? (
          <Badge className={STATUS_BADGE.published!}>Published</Badge>
        ) : (
          <Badge className={STATUS_BADGE.draft!}>Hidden</Badge>
        ),
    },
    {
      header: "Order",
      className: "whitespace-nowrap",
      cell: (member) => <div className="inline-flex gap-2">{order.buttons(member)}</div>,
    },
    {
      header: <span className="block text-right">Actions</span>,
      cellClassName: "text-right whitespace-nowrap",
      cell: (member) => (
        <div className="inline-flex gap-2">
          <RowButton
            aria-label={`Edit ${member.name}`}
            disabled={mutation.isBusy("save")}
            onClick={() => open({ mode: "editing", member })}
          >
            Edit
          </RowButton>
          <RowButton
            danger
            aria-label={`Delete ${member.name}`}
            disabled={mutation.isBusy(member.id)}
            onClick={() => void remove(member)}
          >
            {mutation.isBusy(member.id) ? "Deleting..." : "Delete"}
          </RowButton>
        </div>
      ),
    },
  ];

  const formOpen = form.mode !== "closed";
  return (
    <div>
      <PageHeader
        title="Team"
        subtitle="The people on the About page, in the order it shows them"
        actions={
          <>
            <Link to="/about" className="btn-outline" target="_blank">
              View About page<span className="sr-only"> (opens in a new tab)</span>
            </Link>
            <button
              id="add-team-member"
              type="button"
              className="btn-primary"
              disabled={formOpen}
              onClick={() => open({ mode: "adding" })}
            >
              Add Team Member
            </button>
          </>
        }
      />
      <FlashBanners flash={flash} />
      <p className="sr-only" aria-live="polite">
        {order.announcement}
      </p>
      {formOpen ? (
        <TeamForm
          key={form.mode === "editing" ? form.member.id : "new"}
          member={form.mode === "editing" ? form.member : null}
          saving={mutation.isBusy("save")}
          onSave={save}
          onCancel={close}
        />
      ) : null}
      <DataTable
        label="Team members"
        rows={members}
        rowId={(member) => member.id}
        columns={columns}
        loading={query.loading}
        error={query.error ? TEAM_SCREEN_TEXT.loadFailed : ""}
        onRetry={query.reload}
        empty={TEAM_SCREEN_TEXT.empty}
        spinner="Loading team..."
        busy={order.moving}
      />
    </div>
  );
}
