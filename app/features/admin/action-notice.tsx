import { useState } from "react";
import { Alert } from "#app/components/ui/form.tsx";
import { ApiError, failureText } from "#app/lib/api.ts";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";

export type Notice = { kind: "success" | "error"; text: string } | null;

/**
 * One action of a card that shows its own notice: busy while it runs, then
 * its success text (what the work answers) or the failure (the server's
 * reason, else `failed`).
 */
export function useNoticeAction() {
  const [notice, setNotice] = useState<Notice>(null);
  /** The server's reasons by field (`errors`), shown at the fields they name. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useApiMutation();
  async function run(work: () => Promise<string>, failed: string) {
    setNotice(null);
    setErrors({});
    await mutation.run(async () => setNotice({ kind: "success", text: await work() }), {
      onError: (e) => {
        setNotice({ kind: "error", text: failureText("", e, { otherwise: failed }) });
        setErrors(e instanceof ApiError ? e.errors : {});
      },
    });
  }
  return { notice, setNotice, errors, busy: mutation.busy, run };
}

/** The notice of a card's action, above its form. */
export function NoticeLine({ notice }: { notice: Notice }) {
  return notice ? (
    <div className="mb-4">
      <Alert kind={notice.kind}>{notice.text}</Alert>
    </div>
  ) : null;
}

/** A card form's submit button, at the right, with its text while busy. */
export function SubmitRow({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="mt-4 flex justify-end">
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
