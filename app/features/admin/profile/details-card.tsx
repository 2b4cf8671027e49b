import { type FormEvent, useState } from "react";
import { TextField } from "#app/components/ui/form.tsx";
import { NoticeLine, SubmitRow, useNoticeAction } from "#app/features/admin/action-notice.tsx";
import { Card, smallButton } from "#app/features/admin/ui.tsx";
import { api, failureText, uploadImage } from "#app/lib/api.ts";
import { PROFILE_TEXTS } from "#common/profile-texts.ts";
import type { Profile } from "#common/types.ts";

/** Name, username and avatar. */
export function DetailsCard({ profile, onSaved }: { profile: Profile; onSaved(p: Profile): void }) {
  const [values, setValues] = useState({
    first_name: profile.first_name,
    last_name: profile.last_name,
    username: profile.username,
    avatar_url: profile.avatar_url ?? "",
  });
  const { notice, setNotice, errors, busy, run } = useNoticeAction();

  async function upload(file: File) {
    setNotice(null);
    try {
      const url = await uploadImage(file);
      setValues((v) => ({ ...v, avatar_url: url }));
    } catch (e) {
      setNotice({
        kind: "error",
        text: failureText("", e, { otherwise: "Failed to upload the image." }),
      });
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
            error={errors.first_name}
            value={values.first_name}
            onChange={set("first_name")}
          />
          <TextField
            label="Last Name"
            name="last_name"
            error={errors.last_name}
            value={values.last_name}
            onChange={set("last_name")}
          />
          <TextField
            label="Username"
            name="username"
            error={errors.username}
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
        <SubmitRow busy={busy} label="Save Profile" busyLabel="Saving..." />
      </form>
    </Card>
  );
}
