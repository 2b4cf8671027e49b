import { Spinner } from "#app/components/ui/form.tsx";
import { LoadFailed } from "#app/components/ui/list-parts.tsx";
import { NoticeLine, useNoticeAction } from "#app/features/admin/action-notice.tsx";
import { Card } from "#app/features/admin/ui.tsx";
import { api } from "#app/lib/api.ts";
import type { ApiQuery } from "#app/lib/use-api-query.ts";
import type { ActiveSession as Session } from "#common/types.ts";

function when(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString();
}

/** The user's sessions (this one marked), and "Sign out other sessions". */
export function SessionsCard({ query }: { query: ApiQuery<Session[]> }) {
  const { data: sessions, error, reload } = query;
  const { notice, run } = useNoticeAction();

  async function signOutOthers() {
    await run(async () => {
      const json = await api<{ message?: string }>("/auth/me/sessions/sign-out-others", {
        method: "POST",
      });
      reload();
      return json.message || "Signed out of the other sessions.";
    }, "Failed to sign out the other sessions.");
  }

  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Active sessions</h2>
      <NoticeLine notice={notice} />
      {error ? (
        <LoadFailed onRetry={reload}>Failed to load your sessions.</LoadFailed>
      ) : !sessions ? (
        <Spinner />
      ) : (
        <>
          <ul
            className="divide-y divide-slate-200 dark:divide-slate-800"
            aria-label="Active sessions"
          >
            {sessions.map((session) => (
              <li key={session.id} className="py-2 text-sm">
                <span className="font-medium">{session.user_agent || "Unknown browser"}</span>
                {session.current ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-900 dark:bg-green-900 dark:text-green-100">
                    This session
                  </span>
                ) : null}
                <span className="block text-slate-600 dark:text-slate-300">
                  Signed in {when(session.created_at)}, last used {when(session.last_used_at)}
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex justify-end">
            <button
              type="button"
              className="btn-outline"
              disabled={sessions.every((s) => s.current)}
              onClick={() => void signOutOthers()}
            >
              Sign out other sessions
            </button>
          </div>
        </>
      )}
    </Card>
  );
}
