/**
 * Updating a connected Adjust plugin (docs/postbacks.md §Screens and routes Adjust status card: Partner URL → Update opens 'Update Partner Link',
 * Events File → Update opens 'Update Events File'; §Rules and limits "Updating partner link or events file is blocked on a
 * validation error"; §API endpoints save events file (app id, csv file); §Messages 'Partner link updated successfully!', 'Failed to
 * update partner link!', "Partner link not found! Can't update!", 'Events file saved successfully!', 'Failed to save
 * events file!'; §Rules and limits 6000 ms on error, 10000 ms on success).
 *
 *   closed ─OPEN_LINK(current)─► link.editing ─SAVE [valid link]─► link.saving ─┬─ success ─────────► closed (updated)
 *                                     ▲  └─CANCEL─► closed                      ├─ 404 not found ──► closed (not found)
 *                                     └─────────────────────────────────────────┴─ success:false / thrown (failed)
 *   closed ─OPEN_FILE─► file.editing ─SAVE [valid .csv]─► file.saving ─┬─ success ────────► closed (saved)
 *                            ▲  └─CANCEL─► closed                      ├─ removes events ─► file.confirming
 *                            │                                         ├─ success:false ──► file.editing (bad lines)
 *                            └─────────────────────────────────────────┴─ thrown ─────────► file.editing (failed)
 *   file.confirming (lists the events the new file removes) ─CONFIRM─► file.saving (removal confirmed)
 *                                                            └─CANCEL─► file.editing (nothing saved)
 *
 *   closed ─CHECK_STATUS(pluginId, connected)─► checking ─ the shared check-status child (docs/postbacks.md §Partner plugin states Check Status: fetched
 *                                                          when not connected; when already connected, Adjust reloads
 *                                                          the event schemas) ─► closed
 *
 * `notify`, `changed` (reload the app's integrations reads) and `logError` are provided by adjust-update.actors.ts,
 * with the live check-status child.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ADJUST_MESSAGES, eventsFileError, partnerLinkError, type SuccessResponse } from '../../contracts/integrations';
import { PARTNER_LINK_NOT_FOUND_CODE, type AdjustFileAnswer } from '../../contracts/adjust';
import { apiFailure } from '../shared/api-error';
import { checkStatusMachine } from '../check-status/check-status.machine';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

export interface AdjustUpdateInput {
  appId: string;
}
export interface AdjustUpdateContext {
  appId: string;
  partnerLink: string;
  file: File | null;
  /** The lines the server refused in the last file (nothing was saved). */
  errors: string[];
  /** The events of the current file the new one removes (shown to confirm), and whether that was confirmed. */
  removes: string[];
  removeConfirmed: boolean;
  /** The plugin being checked (Check Status). */
  check: { pluginId: string; connected: boolean } | null;
}
export type AdjustUpdateEvent =
  | { type: 'OPEN_LINK'; current: string }
  | { type: 'OPEN_FILE' }
  | { type: 'SET_LINK'; value: string }
  | { type: 'SET_FILE'; file: File | null }
  | { type: 'SAVE' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  | { type: 'CHECK_STATUS'; pluginId: string; connected: boolean };

const linkNotFound = (error: unknown) => {
  const failure = apiFailure(error);
  return failure?.status === 404 && failure.code === PARTNER_LINK_NOT_FOUND_CODE;
};
const fail = (message: string) => ({
  type: 'notify' as const,
  params: { message, kind: 'error' as const, duration: 'partnerError' as const },
});
const succeed = (message: string) => ({
  type: 'notify' as const,
  params: { message, kind: 'success' as const, duration: 'partnerSuccess' as const },
});
const changed = {
  type: 'changed' as const,
  params: ({ context }: { context: AdjustUpdateContext }) => ({ appId: context.appId }),
};
const logError = {
  type: 'logError' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
};

export const adjustUpdateMachine = setup({
  types: {
    context: {} as AdjustUpdateContext,
    events: {} as AdjustUpdateEvent,
    input: {} as AdjustUpdateInput,
    children: {} as {
      updatePartnerLink: 'updatePartnerLink';
      saveEventsFile: 'saveEventsFile';
      checkStatus: 'checkStatus';
    },
  },
  actors: {
    updatePartnerLink: toProvide<SuccessResponse, { appId: string; partnerLink: string }>('updatePartnerLink'),
    saveEventsFile: toProvide<AdjustFileAnswer, { appId: string; file: File; removeEvents: boolean }>('saveEventsFile'),
    checkStatus: checkStatusMachine,
  },
  guards: {
    /** The new events file drops events of the current one (nothing was saved). */
    dropsEvents: (_, answer: { removes?: unknown[] }) => (answer.removes ?? []).length > 0,
    answerSucceeded,
    validLink: ({ context }) => partnerLinkError(context.partnerLink) === null,
    validFile: ({ context }) => eventsFileError(context.file) === null,
    linkNotFound: (_, params: { error: unknown }) => linkNotFound(params.error),
  },
  actions: {
    notify,
    changed: (_args, _params: { appId: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'adjustUpdate',
  context: ({ input }) => ({
    appId: input.appId,
    partnerLink: '',
    file: null,
    errors: [],
    removes: [],
    removeConfirmed: false,
    check: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN_LINK: { target: 'link', actions: assign({ partnerLink: ({ event }) => event.current, errors: [] }) },
        OPEN_FILE: { target: 'file', actions: assign({ file: null, errors: [], removes: [], removeConfirmed: false }) },
        CHECK_STATUS: {
          target: 'checking',
          actions: assign({ check: ({ event }) => ({ pluginId: event.pluginId, connected: event.connected }) }),
        },
      },
    },
    checking: {
      invoke: {
        id: 'checkStatus',
        src: 'checkStatus',
        input: ({ context }) => ({
          appId: context.appId,
          pluginId: context.check!.pluginId,
          source: 'Adjust' as const,
          connected: context.check!.connected,
        }),
        onDone: { target: 'closed' },
        onError: { target: 'closed', actions: [logError, fail(ADJUST_MESSAGES.statusFailed)] },
      },
    },
    link: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SET_LINK: { actions: assign({ partnerLink: ({ event }) => event.value }) },
            SAVE: { guard: 'validLink', target: 'saving' },
            CANCEL: { target: '#adjustUpdate.closed' },
          },
        },
        saving: {
          invoke: {
            id: 'updatePartnerLink',
            src: 'updatePartnerLink',
            input: ({ context }) => ({ appId: context.appId, partnerLink: context.partnerLink.trim() }),
            onDone: [
              {
                guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
                target: '#adjustUpdate.closed',
                actions: [succeed(ADJUST_MESSAGES.partnerLinkUpdated), changed],
              },
              { target: 'editing', actions: fail(ADJUST_MESSAGES.partnerLinkUpdateFailed) },
            ],
            onError: [
              {
                guard: { type: 'linkNotFound', params: ({ event }) => ({ error: event.error }) },
                target: '#adjustUpdate.closed',
                actions: [fail(ADJUST_MESSAGES.partnerLinkNotFound), changed],
              },
              { target: 'editing', actions: [logError, fail(ADJUST_MESSAGES.partnerLinkUpdateFailed)] },
            ],
          },
        },
      },
    },
    file: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SET_FILE: {
              actions: assign({ file: ({ event }) => event.file, errors: [], removes: [], removeConfirmed: false }),
            },
            SAVE: { guard: 'validFile', target: 'saving' },
            CANCEL: { target: '#adjustUpdate.closed' },
          },
        },
        saving: {
          invoke: {
            id: 'saveEventsFile',
            src: 'saveEventsFile',
            input: ({ context }) => ({
              appId: context.appId,
              file: context.file!,
              removeEvents: context.removeConfirmed,
            }),
            onDone: [
              {
                guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
                target: '#adjustUpdate.closed',
                actions: [succeed(ADJUST_MESSAGES.eventsFileSaved), changed],
              },
              {
                // The new file drops events of the current one: nothing was saved; the publisher confirms first.
                guard: { type: 'dropsEvents', params: ({ event }) => event.output },
                target: 'confirming',
                actions: assign({ removes: ({ event }) => event.output.removes ?? [], removeConfirmed: false }),
              },
              {
                target: 'editing',
                actions: [
                  assign({ errors: ({ event }) => event.output.errors ?? [] }),
                  fail(ADJUST_MESSAGES.eventsFileSaveFailed),
                  changed,
                ],
              },
            ],
            onError: { target: 'editing', actions: [logError, fail(ADJUST_MESSAGES.eventsFileSaveFailed)] },
          },
        },
        confirming: {
          on: {
            CONFIRM: { target: 'saving', actions: assign({ removeConfirmed: true }) },
            CANCEL: { target: 'editing', actions: assign({ removes: [], removeConfirmed: false }) },
          },
        },
      },
    },
  },
});

export type AdjustUpdateActor = ActorRefFrom<typeof adjustUpdateMachine>;
export type AdjustUpdateSnapshot = SnapshotFrom<typeof adjustUpdateMachine>;
