/**
 * The e-mail change link at /confirm-email/{token} (docs/accounts.md §E-mail change): the page posts the link on load
 * (a mail scanner following the link only fetches the page); it works signed in or signed out.
 *
 *   confirming ─ok─► done (the new address; `changed`: a signed-in session reads the account again)
 *              ├─410 link_expired / link_used, 409 email_taken─► refused (the server's words)
 *              ├─404─► notFound
 *              └─network or 5xx─► unavailable ─RETRY─► confirming
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { EmailChanged } from '../../contracts/email-change';
import { hasStatus, serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';

export const CONFIRM_UNAVAILABLE = 'We could not check this link. Please try again.';

export interface ConfirmEmailContext {
  token: string;
  email: string | null;
  error: string | null;
}
export type ConfirmEmailEvent = { type: 'RETRY' };

const isRefused = (error: unknown) => hasStatus(error, 410) || hasStatus(error, 409);

export const confirmEmailMachine = setup({
  types: {
    context: {} as ConfirmEmailContext,
    events: {} as ConfirmEmailEvent,
    input: {} as { token: string },
    children: {} as { confirmEmail: 'confirmEmail' },
  },
  actors: { confirmEmail: toProvide<EmailChanged, { token: string }>('confirmEmail') },
  guards: {
    refused: (_, error: unknown) => isRefused(error),
    linkNotFound: (_, error: unknown) => hasStatus(error, 404),
  },
  actions: {
    /** The account's e-mail changed (provided: a signed-in session reads the account again). */
    changed: () => {},
  },
}).createMachine({
  id: 'confirmEmail',
  context: ({ input }) => ({ token: input.token, email: null, error: null }),
  initial: 'confirming',
  states: {
    confirming: {
      invoke: {
        id: 'confirmEmail',
        src: 'confirmEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'done', actions: [assign({ email: ({ event }) => event.output.email }), 'changed'] },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'refused',
            actions: assign({ error: ({ event }) => serverWords(event.error) }),
          },
          {
            guard: { type: 'linkNotFound', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'notFound',
          },
          { target: 'unavailable' },
        ],
      },
    },
    unavailable: { on: { RETRY: 'confirming' } },
    refused: {},
    notFound: {},
    done: {},
  },
});

export type ConfirmEmailSnapshot = SnapshotFrom<typeof confirmEmailMachine>;
