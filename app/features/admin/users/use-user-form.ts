import { type FormEvent, useState } from "react";
import { flushSync } from "react-dom";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import type { User } from "#common/types.ts";
import { type Errors, serverErrors, type UserFormValues } from "./user-validation.ts";

function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * The values, errors and submit of a user dialog: the client check first
 * (errors shown, the first invalid field focused), then the call; a refusal
 * shows the server's field errors or its message, else `failed()`.
 */
export function useUserForm<D>(
  initial: UserFormValues,
  {
    validate,
    send,
    failed,
    onDone,
  }: {
    validate(values: UserFormValues): { errors: Errors; data: D | null };
    send(data: D): Promise<User>;
    /** The failure text when the server names nothing. */
    failed(): string;
    onDone(user: User): void;
  },
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useApiMutation();

  const set = (patch: Partial<UserFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof Errors];
      if (patch.password !== undefined) delete next.confirmPassword;
      delete next.form;
      return next;
    });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (mutation.busy) return;
    const { errors: found, data } = validate(values);
    if (!data || Object.keys(found).length) {
      flushSync(() => setErrors(found));
      focusFirstInvalid(form);
      return;
    }
    await mutation.run(async () => onDone(await send(data)), {
      onError(error) {
        const found = serverErrors(error, failed());
        flushSync(() => setErrors(found));
        if (!found.form) focusFirstInvalid(form);
      },
    });
  }

  return { values, errors, setErrors, set, busy: mutation.busy, submit };
}
