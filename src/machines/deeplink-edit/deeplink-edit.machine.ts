/**
 * App Settings → Acquisition Links: updating one link's url (docs/app-settings.md §Entities Deeplink: type, url, platform ios | android |
 * appsFlyer, others unsupported; §API endpoints update deeplink: the deeplink id and the deeplink object with the new url →
 * {success}; §Roles viewers change nothing, the view disables Edit URL and the server answers 403).
 *
 *   idle ─EDIT (supported platform)─► editing ─SUBMIT─┬─ url invalid ─────────► editing (the field's error)
 *    ▲                                 │ CHANGE       ├─ url unchanged ───────► idle (nothing to send)
 *    │                                 │ (checked as  └─ valid ───────────────► saving
 *    └─────────── CANCEL ──────────────┘  typed)                                 │
 *    ▲                                                                           ├─ success ────────► idle ('Deep link updated.',
 *    │                                                                           │                     `saved` reloads the links)
 *    └───────────────────────────────────────────────────────────────────────────┤
 *                         editing keeps the typed url and shows the failure ◄────┼─ success: false ─ 'Failed to update deep link.'
 *                                                                                ├─ 400 / 403 / 404 ─ the server's words
 *                                                                                └─ anything else ── 'Failed to update deep link.'
 *
 * The url rules are the contract's `deeplinkUrlError` (the server applies the same). The call, `notify` and `saved`
 * are provided by deeplink-edit.actors.ts.
 */
import { assign, setup } from 'xstate';
import type { Deeplink } from '../../contracts/apps';
import {
  DEEPLINK_UPDATED,
  DEEPLINK_UPDATE_FAILED,
  deeplinkUrlError,
  isSupportedDeeplinkPlatform,
} from '../../contracts/deeplinks';
import type { SuccessResponse, UpdateDeeplinkRequest } from '../../contracts/integrations';
import { hasStatus, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

export interface DeeplinkEditInput {
  appId: string;
}
export interface DeeplinkEditContext {
  appId: string;
  /** The link being edited (as listed). */
  link: Deeplink | null;
  url: string;
  /** Why the typed url is refused, or null. */
  fieldError: string | null;
  /** Why the last save failed, or null. */
  failure: string | null;
}
export type DeeplinkEditEvent =
  { type: 'EDIT'; link: Deeplink } | { type: 'CHANGE'; url: string } | { type: 'SUBMIT' } | { type: 'CANCEL' };

function failureWords(error: unknown): string {
  if (hasStatus(error, 400) || hasStatus(error, 403) || hasStatus(error, 404))
    return serverWords(error) ?? DEEPLINK_UPDATE_FAILED;
  return DEEPLINK_UPDATE_FAILED;
}
const urlError = (c: Pick<DeeplinkEditContext, 'link' | 'url'>) =>
  c.link ? deeplinkUrlError(c.link.platform, c.url) : null;

export const deeplinkEditMachine = setup({
  types: {
    context: {} as DeeplinkEditContext,
    events: {} as DeeplinkEditEvent,
    input: {} as DeeplinkEditInput,
    children: {} as { updateDeeplink: 'updateDeeplink' },
  },
  actors: {
    updateDeeplink: toProvide<SuccessResponse, { appId: string; request: UpdateDeeplinkRequest }>('updateDeeplink'),
  },
  guards: {
    answerSucceeded,
    supported: ({ event }) => event.type === 'EDIT' && isSupportedDeeplinkPlatform(event.link.platform),
    urlInvalid: ({ context }) => urlError(context) !== null,
    urlUnchanged: ({ context }) => context.url.trim() === context.link?.url,
  },
  actions: {
    notify,
    /** The link changed on the server: reload the list (provided by the binding). */
    saved: (_args, _params: { appId: string }) => {},
  },
}).createMachine({
  id: 'deeplinkEdit',
  context: ({ input }) => ({ appId: input.appId, link: null, url: '', fieldError: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        EDIT: {
          guard: 'supported',
          target: 'editing',
          actions: assign(({ event }) => ({ link: event.link, url: event.link.url, fieldError: null, failure: null })),
        },
      },
    },
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => ({
            url: event.url,
            fieldError: urlError({ link: context.link, url: event.url }),
          })),
        },
        SUBMIT: [
          { guard: 'urlInvalid', actions: assign(({ context }) => ({ fieldError: urlError(context) })) },
          { guard: 'urlUnchanged', target: 'idle', actions: assign({ link: null, failure: null }) },
          { target: 'saving', actions: assign({ failure: null }) },
        ],
        CANCEL: { target: 'idle', actions: assign({ link: null, failure: null, fieldError: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'updateDeeplink',
        src: 'updateDeeplink',
        input: ({ context }) => {
          const link = context.link!;
          return {
            appId: context.appId,
            request: { deeplinkId: link.id, deeplink: { ...link, url: context.url.trim() } },
          };
        },
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              assign({ link: null }),
              { type: 'notify', params: { message: DEEPLINK_UPDATED, kind: 'success' } },
              { type: 'saved', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          {
            target: 'editing',
            actions: [
              assign({ failure: DEEPLINK_UPDATE_FAILED }),
              { type: 'notify', params: { message: DEEPLINK_UPDATE_FAILED, kind: 'error' } },
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            assign({ failure: ({ event }) => failureWords(event.error) }),
            { type: 'notify', params: ({ event }) => ({ message: failureWords(event.error), kind: 'error' as const }) },
          ],
        },
      },
    },
  },
});
