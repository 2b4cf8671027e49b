import { useCallback, useEffect, useState } from "react";
import { Alert } from "#app/components/ui/form.tsx";

type Note = { text: string; key: number };

/** How long a success banner stays up: three seconds. */
export const SUCCESS_MS = 3000;

/**
 * Success and error banners of an admin screen: both dismissable, the success
 * one clears itself after three seconds. Showing one hides the other.
 */
export function useFlash() {
  const [success, setSuccessNote] = useState<Note | null>(null);
  const [error, setErrorNote] = useState<Note | null>(null);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccessNote(null), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const showSuccess = useCallback((text: string) => {
    setErrorNote(null);
    setSuccessNote({ text, key: Date.now() });
  }, []);
  const showError = useCallback((text: string) => {
    setSuccessNote(null);
    setErrorNote({ text, key: Date.now() });
  }, []);
  const clear = useCallback(() => {
    setSuccessNote(null);
    setErrorNote(null);
  }, []);

  return {
    success: success?.text ?? null,
    error: error?.text ?? null,
    showSuccess,
    showError,
    clearSuccess: useCallback(() => setSuccessNote(null), []),
    clearError: useCallback(() => setErrorNote(null), []),
    clear,
  };
}

export type Flash = ReturnType<typeof useFlash>;

export function FlashBanners({ flash }: { flash: Flash }) {
  if (!flash.success && !flash.error) return null;
  return (
    <div className="mb-4 space-y-2">
      {flash.success ? (
        <Alert kind="success" onDismiss={flash.clearSuccess}>
          {flash.success}
        </Alert>
      ) : null}
      {flash.error ? (
        <Alert kind="error" onDismiss={flash.clearError}>
          {flash.error}
        </Alert>
      ) : null}
    </div>
  );
}
