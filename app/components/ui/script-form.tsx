import { type FormEvent, type ReactNode, useSyncExternalStore } from "react";
import { SCRIPT_NEEDED } from "#common/account-texts.ts";
import { Alert } from "./form.tsx";

const noSubscription = () => () => {};

/** False on the server and while the page hydrates, true once React runs it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A form that only script can send (sign-in, registration, password links:
 * their answers are bearer tokens and client navigation). Until the page has
 * hydrated its fields and buttons are disabled: a form sent before that would
 * go out as a plain GET, the password in the address, and what someone typed
 * before hydration would be lost to React's state. Links inside stay usable;
 * a browser without JavaScript says why the form cannot be used.
 * `method="post"` keeps the fields out of the address should a browser send
 * it anyway.
 */
export function ScriptForm({
  onSubmit,
  className,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <fieldset disabled={!hydrated} className={`min-w-0 ${className ?? ""}`}>
        <noscript>
          <Alert kind="info">{SCRIPT_NEEDED}</Alert>
        </noscript>
        {children}
      </fieldset>
    </form>
  );
}
