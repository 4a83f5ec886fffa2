/**
 * Settings → Messages, the player notifications of an app (docs/app-settings.md §Entities App.notificationSettings {questStart,
 * questComplete}; shape and rules in src/contracts/messages.ts): load the saved messages (or the defaults), edit each
 * one's switch, title and message with a live preview, save.
 *
 *   loading ─┬─ done ─────► editing ─SUBMIT (valid)─► saving ─┬─ success ────────► editing ('Messages saved.', saved = values)
 *            └─ failed ──► loadFailed ─RETRY─► loading        ├─ success: false ─► editing MESSAGES_SAVE_FAILED
 *   editing: CHANGE, TOGGLE (errors shown as the user types),├─ 400 / 403 ──────► editing, the server's words
 *   RESET (the saved messages)                                └─ anything else ──► editing MESSAGES_SAVE_FAILED
 *
 * The edits are kept after a failed save. The calls and `notify` are provided by messages-save.actors.ts.
 */
import { assign, setup } from 'xstate';
import {
  MESSAGES_SAVED,
  MESSAGES_SAVE_FAILED,
  validateNotificationSettings,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsResponse,
} from '../../contracts/messages';
import type { FieldErrors } from '../../contracts/validation';
import { hasStatus, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

export interface MessagesContext {
  appId: string;
  values: NotificationSettings | null;
  saved: NotificationSettings | null;
  errors: FieldErrors;
  error: string | null;
}
export type MessagesEvent =
  | { type: 'CHANGE'; kind: NotificationKind; field: 'title' | 'body'; value: string }
  | { type: 'TOGGLE'; kind: NotificationKind; enabled: boolean }
  | { type: 'SUBMIT' }
  | { type: 'RESET' }
  | { type: 'RETRY' };

const failureWords = (error: unknown) =>
  (hasStatus(error, 400) || hasStatus(error, 403) ? serverWords(error) : null) ?? MESSAGES_SAVE_FAILED;
const edited = (
  values: NotificationSettings,
  kind: NotificationKind,
  change: Partial<NotificationSettings[NotificationKind]>,
) => {
  const next = { ...values, [kind]: { ...values[kind], ...change } };
  return { values: next, errors: validateNotificationSettings(next) };
};

export const messagesSaveMachine = setup({
  types: {
    context: {} as MessagesContext,
    events: {} as MessagesEvent,
    input: {} as { appId: string },
    children: {} as { loadMessages: 'loadMessages'; saveMessages: 'saveMessages' },
  },
  actors: {
    loadMessages: toProvide<NotificationSettingsResponse, { appId: string }>('loadMessages'),
    saveMessages: toProvide<NotificationSettingsResponse, { appId: string; settings: NotificationSettings }>(
      'saveMessages',
    ),
  },
  guards: {
    answerSucceeded,
    valid: ({ context }) => Object.keys(validateNotificationSettings(context.values!)).length === 0,
  },
  actions: { notify },
}).createMachine({
  id: 'messagesSave',
  context: ({ input }) => ({ appId: input.appId, values: null, saved: null, errors: {}, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMessages',
        src: 'loadMessages',
        input: ({ context }) => ({ appId: context.appId }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'editing',
            actions: assign(({ event }) => ({ values: event.output.data, saved: event.output.data, errors: {} })),
          },
          { target: 'loadFailed' },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => edited(context.values!, event.kind, { [event.field]: event.value })),
        },
        TOGGLE: {
          actions: assign(({ context, event }) => edited(context.values!, event.kind, { enabled: event.enabled })),
        },
        SUBMIT: [
          { guard: 'valid', target: 'saving', actions: assign({ error: null, errors: {} }) },
          { actions: assign(({ context }) => ({ errors: validateNotificationSettings(context.values!) })) },
        ],
        RESET: { actions: assign(({ context }) => ({ values: context.saved, errors: {}, error: null })) },
      },
    },
    saving: {
      invoke: {
        id: 'saveMessages',
        src: 'saveMessages',
        input: ({ context }) => ({ appId: context.appId, settings: context.values! }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'editing',
            actions: [
              assign(({ event }) => ({ values: event.output.data, saved: event.output.data })),
              { type: 'notify', params: { message: MESSAGES_SAVED, kind: 'success' } },
            ],
          },
          {
            target: 'editing',
            actions: [
              assign({ error: MESSAGES_SAVE_FAILED }),
              { type: 'notify', params: { message: MESSAGES_SAVE_FAILED, kind: 'error' } },
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            assign({ error: ({ event }) => failureWords(event.error) }),
            { type: 'notify', params: ({ event }) => ({ message: failureWords(event.error), kind: 'error' as const }) },
          ],
        },
      },
    },
  },
});
