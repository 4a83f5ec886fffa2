/**
 * The CHANGE and SUBMIT of a form checked in the page before it is sent (sign-up, a new password): a change keeps the
 * value and clears the server's words, and once the form was submitted every change checks it again; SUBMIT sends
 * when `validate` finds nothing (the machine's `formValid` guard), else shows what it found under the fields.
 * The machine's context has the form's fields with `errors`, `submitted` and `error`.
 */
import { assign, type AnyEventObject } from 'xstate';

type FormState = Record<string, unknown> & { submitted: boolean; errors: object; error: string | null };

/**
 * Built without the machine's own context and event types, so the actions are typed `never` (assignable to any
 * machine's actions, as in form-save.ts); each form's model test runs every one of these transitions.
 */
export function validatedFormEvents<F>(validate: (form: F) => object, sendTarget: string) {
  const check = (form: object) => validate(form as F);
  return {
    CHANGE: {
      actions: assign(({ context, event }: { context: FormState; event: AnyEventObject }) => {
        const next = { ...context, [event.field]: event.value };
        return {
          [event.field]: event.value,
          error: null,
          errors: context.submitted ? check(next) : context.errors,
        } as Partial<FormState>;
      }) as never,
    },
    SUBMIT: [
      {
        guard: 'formValid' as const,
        target: sendTarget,
        actions: assign({ submitted: true, errors: {}, error: null }) as never,
      },
      {
        actions: assign(({ context }: { context: FormState }) => ({
          submitted: true,
          errors: check(context),
        })) as never,
      },
    ],
  };
}
