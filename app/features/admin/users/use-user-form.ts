import type { FormEvent } from "react";
import { useState } from "react";
import type { z } from "zod";
import { useApiMutation } from "#app/lib/use-api-mutation.ts";
import { type FormFields, useSchemaForm } from "#app/lib/use-schema-form.ts";
import type { User } from "#common/types.ts";
import { serverErrors, type UserFormValues } from "./user-validation.ts";

type Rules<S extends z.ZodType> = {
  schema: S;
  toInput(values: UserFormValues): unknown;
  refine(values: UserFormValues, errors: Record<string, string>): Record<string, string>;
};

/**
 * A user dialog's form on the server's schema (`useSchemaForm`) with the
 * dialog's own rules: the check first (errors shown, the first invalid field
 * focused), then the call; a refusal shows the server's field errors, or its
 * message above the form, else `failed()`. A change hides that message.
 */
export function useUserForm<S extends z.ZodType>(
  initial: UserFormValues,
  {
    idPrefix,
    rules,
    send,
    failed,
    onDone,
  }: {
    idPrefix: string;
    rules: Rules<S>;
    send(data: z.output<S>): Promise<User>;
    /** The failure text when the server names nothing. */
    failed(): string;
    onDone(user: User): void;
  },
) {
  const [failure, setFailure] = useState("");
  const mutation = useApiMutation();
  const form = useSchemaForm(rules.schema, initial, {
    idPrefix,
    toInput: rules.toInput,
    refine: rules.refine,
    clears: (key) => (key === "password" ? ["confirmPassword"] : []),
    fromServer(error) {
      const { form: _message, ...fields } = serverErrors(error, "");
      return fields as Record<string, string>;
    },
  });

  const fields: FormFields<UserFormValues> = {
    ...form,
    set(key, value) {
      form.set(key, value);
      setFailure("");
    },
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.busy) return;
    form.submit(async (data) => {
      await mutation.run(async () => onDone(await send(data)), {
        onError(error) {
          setFailure(serverErrors(error, failed()).form ?? "");
          form.showErrors(error);
        },
      });
    })();
  }

  return {
    fields,
    failure,
    clearErrors() {
      form.clearErrors();
      setFailure("");
    },
    busy: mutation.busy,
    submit,
  };
}
