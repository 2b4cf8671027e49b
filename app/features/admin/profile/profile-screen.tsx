import { type FormEvent, useCallback, useEffect, useState } from "react";
import { PROFILE_TEXTS } from "../../../../common/profile-texts.ts";
import {
  NEW_PASSWORD_RULE,
  PASSWORDS_DO_NOT_MATCH,
  validateFields,
} from "../../../../common/rules.ts";
import type { User } from "../../../../common/types.ts";
import { Alert, Spinner, TextField } from "../../../components/ui/form.tsx";
import { api, apiData, failureReason, uploadImage } from "../../../lib/api.ts";
import { useAuth } from "../../../lib/auth.tsx";
import { Card, LoadFailed, PageHeader, smallButton } from "../ui.tsx";

type Profile = User & { avatar_url: string | null };
type Session = {
  id: number;
  created_at: string;
  last_used_at: string;
  user_agent: string | null;
  current: boolean;
};
type Notice = { kind: "success" | "error"; text: string } | null;

function when(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString();
}

/**
 * One action of a card: busy while it runs, then its success text (what the
 * work answers) or the failure (the server's reason, else `failed`).
 */
function useAction() {
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<string>, failed: string) {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ kind: "success", text: await work() });
    } catch (e) {
      setNotice({ kind: "error", text: failureReason(e) || failed });
    } finally {
      setBusy(false);
    }
  }
  return { notice, setNotice, busy, run };
}

function NoticeLine({ notice }: { notice: Notice }) {
  return notice ? (
    <div className="mb-4">
      <Alert kind={notice.kind}>{notice.text}</Alert>
    </div>
  ) : null;
}

function DetailsCard({ profile, onSaved }: { profile: Profile; onSaved(p: Profile): void }) {
  const [values, setValues] = useState({
    first_name: profile.first_name,
    last_name: profile.last_name,
    username: profile.username,
    avatar_url: profile.avatar_url ?? "",
  });
  const { notice, setNotice, busy, run } = useAction();

  async function upload(file: File) {
    setNotice(null);
    try {
      const url = await uploadImage(file);
      setValues((v) => ({ ...v, avatar_url: url }));
    } catch (e) {
      setNotice({ kind: "error", text: failureReason(e) || "Failed to upload the image." });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      const json = await api<{ data: Profile; message?: string }>("/auth/me/profile", {
        body: values,
      });
      onSaved(json.data);
      return json.message || PROFILE_TEXTS.saved;
    }, "Failed to save your profile.");
  }

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Your details</h2>
      <form onSubmit={submit} noValidate>
        <NoticeLine notice={notice} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            name="first_name"
            value={values.first_name}
            onChange={set("first_name")}
          />
          <TextField
            label="Last Name"
            name="last_name"
            value={values.last_name}
            onChange={set("last_name")}
          />
          <TextField
            label="Username"
            name="username"
            value={values.username}
            onChange={set("username")}
          />
          <div>
            <span className="block text-sm font-medium">Avatar</span>
            <div className="mt-1 flex items-center gap-3">
              {values.avatar_url ? (
                <img
                  src={values.avatar_url}
                  alt="Your avatar"
                  className="h-12 w-12 rounded-full object-cover"
                />
              ) : (
                <span className="text-sm text-slate-600 dark:text-slate-300">No avatar</span>
              )}
              <label className={smallButton}>
                Upload image
                <input
                  type="file"
                  accept="image/*"
                  className="sr-only"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) void upload(file);
                  }}
                />
              </label>
              {values.avatar_url ? (
                <button
                  type="button"
                  className={smallButton}
                  onClick={() => setValues((v) => ({ ...v, avatar_url: "" }))}
                >
                  Remove avatar
                </button>
              ) : null}
            </div>
          </div>
        </div>
        <div className="mt-4 flex justify-end">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Saving..." : "Save Profile"}
          </button>
        </div>
      </form>
    </Card>
  );
}

function PasswordCard({ onChanged }: { onChanged(): void }) {
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { notice, setNotice, busy, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { errors } = validateFields({ password: NEW_PASSWORD_RULE }, { password });
    const invalid =
      (current ? undefined : "Current password is required") ??
      errors.password ??
      (confirm !== password ? PASSWORDS_DO_NOT_MATCH : undefined);
    if (invalid) {
      setNotice({ kind: "error", text: invalid });
      return;
    }
    await run(async () => {
      const json = await api<{ message?: string }>("/auth/me/password", {
        body: { current_password: current, password },
      });
      setCurrent("");
      setPassword("");
      setConfirm("");
      onChanged();
      return json.message || PROFILE_TEXTS.passwordChanged;
    }, "Failed to change your password.");
  }

  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Password</h2>
      <form onSubmit={submit} noValidate>
        <NoticeLine notice={notice} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Current Password"
            name="current_password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <TextField
            label="New Password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label="Confirm New Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Changing your password signs you out everywhere else; you stay signed in here.
        </p>
        <div className="mt-4 flex justify-end">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Saving..." : "Change Password"}
          </button>
        </div>
      </form>
    </Card>
  );
}

function EmailCard({ profile }: { profile: Profile }) {
  const [email, setEmail] = useState("");
  const [current, setCurrent] = useState("");
  const { notice, busy, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      const json = await api<{ message?: string }>("/auth/me/email", {
        body: { email, current_password: current },
      });
      setCurrent("");
      return json.message || PROFILE_TEXTS.emailSent(email);
    }, "Failed to change your e-mail address.");
  }

  return (
    <Card>
      <h2 className="mb-1 text-lg font-semibold">E-mail address</h2>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        Now: {profile.email}. A new address is used once you open the link we send to it.
      </p>
      <form onSubmit={submit} noValidate>
        <NoticeLine notice={notice} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="New Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label="Password"
            name="email_current_password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </div>
        <div className="mt-4 flex justify-end">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Sending..." : "Send Confirmation Link"}
          </button>
        </div>
      </form>
    </Card>
  );
}

function SessionsCard({ version }: { version: number }) {
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [failed, setFailed] = useState(false);
  const { notice, run } = useAction();

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setSessions(await apiData<Session[]>("/auth/me/sessions"));
    } catch {
      setFailed(true);
    }
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the password changes
  useEffect(() => {
    void load();
  }, [load, version]);

  async function signOutOthers() {
    await run(async () => {
      const json = await api<{ message?: string }>("/auth/me/sessions/sign-out-others", {
        method: "POST",
      });
      await load();
      return json.message || "Signed out of the other sessions.";
    }, "Failed to sign out the other sessions.");
  }

  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Active sessions</h2>
      <NoticeLine notice={notice} />
      {failed ? (
        <LoadFailed onRetry={() => void load()}>Failed to load your sessions.</LoadFailed>
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

/** /admin/profile: every signed-in role's own account. */
export function ProfileScreen() {
  const auth = useAuth();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setProfile(await apiData<Profile>("/auth/me/profile"));
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed)
    return <LoadFailed onRetry={() => void load()}>Failed to load your profile.</LoadFailed>;
  if (!profile) return <Spinner />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Profile"
        subtitle="Your own account: details, password, e-mail and sessions."
      />
      <DetailsCard
        profile={profile}
        onSaved={(saved) => {
          setProfile(saved);
          const { avatar_url: _avatar, ...user } = saved;
          auth.setUser(user);
        }}
      />
      <PasswordCard onChanged={() => setVersion((v) => v + 1)} />
      <EmailCard profile={profile} />
      <SessionsCard version={version} />
    </div>
  );
}
