import { useEffect, useState } from "react";
import { CheckboxField } from "#app/components/ui/form.tsx";
import { ListStates, PageNav } from "#app/components/ui/list-parts.tsx";
import { FlashBanners, useFlash } from "#app/features/admin/flash.tsx";
import { Badge, dangerButton, PageHeader, smallButton } from "#app/features/admin/ui.tsx";
import { apiData, failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { useApiQuery } from "#app/lib/use-api-query.ts";
import { mailtoHref } from "#common/email.ts";
import { LIST_PAGE_SIZE } from "#common/limits.ts";
import { counted, formatDate, formatDateTime, truncate } from "#common/text.ts";
import type { ContactMessage, ContactMessageList } from "#common/types.ts";
import { ContactMailNotice } from "./contact-mail-notice.tsx";

const PAGE_SIZE = LIST_PAGE_SIZE.messages.default;

export const MESSAGE_TEXT = {
  confirmDelete: "Are you sure you want to delete this message?",
  empty: "No messages yet.",
  emptyUnread: "No unread messages.",
  loadFailed: "Failed to load messages. Please try again.",
} as const;

/** Contact messages, newest first; opening one marks it read. */
export function MessagesManager() {
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const mutation = useApiMutation();
  const flash = useFlash();
  const query = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (unreadOnly) query.set("unread", "true");
  const list = useApiQuery<ContactMessageList>(`/contact/messages?${query}`);
  const { setData, reload, error } = list;
  // A page emptied by a delete: the one before it is loaded instead.
  const pageGone = !!list.data && list.data.messages.length === 0 && page > 1;
  const loading = list.loading || pageGone;
  const data = pageGone ? null : list.data;
  const lastPage = list.data?.totalPages ?? 1;
  useEffect(() => {
    if (pageGone) setPage((current) => Math.max(1, Math.min(current - 1, lastPage)));
  }, [pageGone, lastPage]);

  function replace(message: ContactMessage) {
    setData((current) => {
      if (!current) return current;
      const before = current.messages.find((m) => m.id === message.id);
      const delta = before && before.read !== message.read ? (message.read ? -1 : 1) : 0;
      return {
        ...current,
        unread: Math.max(0, current.unread + delta),
        messages: current.messages.map((m) => (m.id === message.id ? message : m)),
      };
    });
  }

  async function setRead(message: ContactMessage, read: boolean) {
    await mutation.run(
      async () => {
        const saved = await apiData<ContactMessage>(`/contact/messages/${message.id}`, {
          method: "PATCH",
          body: { read },
        });
        replace(saved);
      },
      {
        key: message.id,
        onError: (e) => flash.showError(failureText("Failed to update the message.", e)),
      },
    );
  }

  function toggleOpen(message: ContactMessage) {
    if (openId === message.id) {
      setOpenId(null);
      return;
    }
    setOpenId(message.id);
    if (!message.read) void setRead(message, true);
  }

  async function remove(message: ContactMessage) {
    if (!window.confirm(MESSAGE_TEXT.confirmDelete)) return;
    await mutation.run(
      async () => {
        await apiData(`/contact/messages/${message.id}`, { method: "DELETE" });
        if (openId === message.id) setOpenId(null);
        flash.showSuccess("Message deleted successfully");
        reload();
      },
      {
        key: message.id,
        onError: (e) => flash.showError(failureText("Failed to delete the message.", e)),
      },
    );
  }

  const unread = data?.unread ?? 0;
  const totalPages = data?.totalPages ?? 1;

  return (
    <div>
      <PageHeader
        title="Messages"
        subtitle="Messages sent through the contact form, newest first"
        actions={
          data ? (
            <p className="self-center" aria-live="polite">
              <Badge
                className={
                  unread > 0
                    ? "bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100"
                    : "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100"
                }
              >
                {unread} unread
              </Badge>
            </p>
          ) : null
        }
      />
      <FlashBanners flash={flash} />
      <ContactMailNotice emailed={list.data?.emailed} />
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <CheckboxField
          checked={unreadOnly}
          onChange={(checked) => {
            setUnreadOnly(checked);
            setPage(1);
            setOpenId(null);
          }}
        >
          Show unread only
        </CheckboxField>
        {data ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {counted(data.count, "message")}
          </p>
        ) : null}
      </div>
      <ListStates
        loading={loading}
        hasData={data !== null}
        failed={error ? MESSAGE_TEXT.loadFailed : ""}
        empty={
          !data || data.messages.length === 0
            ? unreadOnly
              ? MESSAGE_TEXT.emptyUnread
              : MESSAGE_TEXT.empty
            : ""
        }
        spinner="Loading messages..."
        onRetry={reload}
      >
        <ul
          aria-label="Messages"
          aria-busy={loading || undefined}
          className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {(data?.messages ?? []).map((message) => {
            const open = openId === message.id;
            const panelId = `message-${message.id}-body`;
            return (
              <li key={message.id} className={message.read ? "" : "bg-blue-50 dark:bg-slate-800"}>
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => toggleOpen(message)}
                  className="flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50 sm:flex-row sm:items-baseline sm:gap-4 dark:hover:bg-slate-800"
                >
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className={`break-words ${message.read ? "font-normal" : "font-bold"}`}>
                      {message.read ? null : (
                        <>
                          <span
                            aria-hidden
                            className="mr-2 inline-block h-2 w-2 rounded-full bg-blue-700 align-middle dark:bg-blue-300"
                          />
                          <span className="sr-only">Unread: </span>
                        </>
                      )}
                      {message.subject}
                    </span>
                    <span className="truncate text-sm text-slate-600 dark:text-slate-300">
                      {message.name} · {truncate(message.message.replace(/\s+/g, " "), 80)}
                    </span>
                  </span>
                  <span className="shrink-0 text-xs text-slate-600 dark:text-slate-300">
                    {formatDate(message.date)}
                  </span>
                </button>
                {open ? (
                  <div
                    id={panelId}
                    className="border-t border-slate-200 px-4 py-4 dark:border-slate-800"
                  >
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      <dt className="text-slate-600 dark:text-slate-300">From</dt>
                      <dd className="min-w-0 break-words">
                        {message.name} &lt;
                        <a className="link" href={mailtoHref(message.email)}>
                          {message.email}
                        </a>
                        &gt;
                      </dd>
                      <dt className="text-slate-600 dark:text-slate-300">Subject</dt>
                      <dd className="min-w-0 break-words">{message.subject}</dd>
                      <dt className="text-slate-600 dark:text-slate-300">Received</dt>
                      <dd>{formatDateTime(message.date)}</dd>
                    </dl>
                    <p className="mt-4 whitespace-pre-wrap break-words">{message.message}</p>
                    <div className="mt-4 flex flex-wrap gap-2">
                      <a
                        className={smallButton}
                        href={mailtoHref(message.email, { subject: `Re: ${message.subject}` })}
                      >
                        Reply by e-mail
                      </a>
                      <button
                        type="button"
                        className={smallButton}
                        disabled={mutation.isBusy(message.id)}
                        onClick={() => void setRead(message, !message.read)}
                      >
                        {message.read ? "Mark as unread" : "Mark as read"}
                      </button>
                      <button
                        type="button"
                        className={dangerButton}
                        disabled={mutation.isBusy(message.id)}
                        aria-label={`Delete message from ${message.name}`}
                        onClick={() => void remove(message)}
                      >
                        Delete
                      </button>
                    </div>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </ListStates>
      <PageNav
        page={page}
        totalPages={data ? totalPages : 1}
        busy={loading}
        onPage={(next) => {
          setOpenId(null);
          setPage(next);
        }}
      />
    </div>
  );
}
