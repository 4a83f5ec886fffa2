/**
 * The outcomes of a settings form's save call, written once for every such form (workspace settings, app general):
 *   success ──────────► `target` with the form's own `onSaved` update, the success notice and the `saved` action
 *   success: false ───► `target` with the failure words of docs/<area>.md §Messages in `error` and an error notice
 *   a failed call ────► `target` with `failureWords(error)` (the form decides which server words may show), and
 *                       with `fieldErrors(error)` under the fields when the form reads a refusal's named fields
 * Every field the user typed stays: neither failure touches the form's values.
 */
import { assign, type AnyEventObject } from 'xstate';

interface SaveOutcomeOptions {
  target: string;
  /** The form's update on success (an `assign`, e.g. the saved values become the new baseline). */
  onSaved: unknown;
  success: string;
  failure: string;
  failureWords: (error: unknown) => string;
  /** The server's messages for the fields a refusal names, put in the form's `errors` (see serverFieldErrors). */
  fieldErrors?: (error: unknown) => Record<string, string | undefined>;
}

/**
 * The actions are built here without the form's own context and event types, so they are typed `never` (assignable
 * to any machine's actions); the model tests of each form run every one of these transitions.
 */
export function formSaveOutcomes({ target, onSaved, success, failure, failureWords, fieldErrors }: SaveOutcomeOptions) {
  return {
    onDone: [
      {
        // the form's machine lists `answerSucceeded` (src/machines/shared/answer-guards.ts) in its guards
        guard: {
          type: 'answerSucceeded' as const,
          params: ({ event }: { event: AnyEventObject }) => ({ success: Boolean(event.output?.success) }),
        },
        target,
        actions: [
          onSaved as never,
          { type: 'notify' as const, params: { message: success, kind: 'success' as const } },
          'saved' as const,
        ],
      },
      {
        target,
        actions: [
          assign({ error: failure }) as never,
          { type: 'notify' as const, params: { message: failure, kind: 'error' as const } },
        ],
      },
    ],
    onError: {
      target,
      actions: [
        assign({ error: ({ event }: { event: AnyEventObject }) => failureWords(event.error) }) as never,
        ...(fieldErrors
          ? [assign({ errors: ({ event }: { event: AnyEventObject }) => fieldErrors(event.error) }) as never]
          : []),
        {
          type: 'notify' as const,
          params: ({ event }: { event: AnyEventObject }) => ({
            message: failureWords(event.error),
            kind: 'error' as const,
          }),
        },
      ],
    },
  };
}
