/**
 * Connecting Adjust (docs/postbacks.md §Screens and routes Adjust tab with no plugin: a required Partner Link and a required Event File (.csv only),
 * 'Connect to Adjust' / 'Connecting...' / 'Connected', the coloured feed; §Partner plugin states "Adjust: no plugin, connect with partner
 * link and file, connected"; §Rules and limits "partnerLink required URL string; eventFile required, .csv only. Connect disabled
 * while invalid, empty or processing"; §API endpoints connect Adjust (partner link and file); §Rules and limits 6000 ms on error, 10000 ms on
 * success).
 *
 *   editing ─SET_LINK / SET_FILE─► editing
 *           ─CONNECT [form valid]─► connecting ─┬─ success ────────► connected (success feed + notice, `connected`)
 *                                               ├─ success:false ──► editing (each bad line in the feed as an error)
 *                                               └─ thrown ─────────► editing (logged; error feed + notice)
 *
 * The feed is the last attempt's own messages (default, error, success), shown under the form before a plugin exists;
 * CONNECT carries the moment of the attempt (`at`, from the view) so the machine stays pure and its states finite.
 * `notify`, `connected` (reload the app's plugins, so the tab shows the connected card) and `logError` are provided
 * by adjust-connect.actors.ts.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { validateAdjustConnect } from '../../contracts/integrations';
import type { AdjustFileAnswer } from '../../contracts/adjust';
import type { FeedItem } from '../../contracts/plugin';
import { networkWords, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

/** Our words (docs/postbacks.md §Messages gives none for connecting Adjust). */
export const ADJUST_CONNECTED = 'Adjust connected: waiting for the first callback.';
export const ADJUST_CONNECT_FAILED = 'Failed to connect Adjust!';
export const checkingMessage = (fileName: string) => `Checking ${fileName} and connecting to Adjust...`;
export const refusedMessage = (count: number) =>
  `The events file has ${count} error${count === 1 ? '' : 's'}; nothing was saved. Fix ${count === 1 ? 'it' : 'them'} and upload the file again.`;

export interface AdjustConnectInput {
  appId: string;
  partnerLink?: string;
}
export interface AdjustConnectContext {
  appId: string;
  partnerLink: string;
  file: File | null;
  /** When the last attempt started (its feed items carry this time). */
  at: number;
  feed: FeedItem[];
}
export type AdjustConnectEvent =
  { type: 'SET_LINK'; value: string } | { type: 'SET_FILE'; file: File | null } | { type: 'CONNECT'; at: number };

export interface ConnectRequest {
  appId: string;
  partnerLink: string;
  file: File;
}

/** docs/postbacks.md §Rules and limits form rule, shared by the guard and the view's disabled button. */
export const connectFormValid = (context: Pick<AdjustConnectContext, 'partnerLink' | 'file'>) =>
  Object.keys(validateAdjustConnect({ partnerLink: context.partnerLink, eventFile: context.file })).length === 0;

const item = (at: number, message: string, type: NonNullable<FeedItem['type']>): FeedItem => ({
  createdAt: at,
  message,
  type,
});

export const adjustConnectMachine = setup({
  types: {
    context: {} as AdjustConnectContext,
    events: {} as AdjustConnectEvent,
    input: {} as AdjustConnectInput,
    children: {} as { connectAdjust: 'connectAdjust' },
  },
  actors: {
    connectAdjust: toProvide<AdjustFileAnswer, ConnectRequest>('connectAdjust'),
  },
  guards: {
    answerSucceeded,
    valid: ({ context }) => connectFormValid(context),
  },
  actions: {
    notify,
    connected: (_args, _params: { appId: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'adjustConnect',
  context: ({ input }) => ({ appId: input.appId, partnerLink: input.partnerLink ?? '', file: null, at: 0, feed: [] }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET_LINK: { actions: assign({ partnerLink: ({ event }) => event.value }) },
        SET_FILE: { actions: assign({ file: ({ event }) => event.file }) },
        CONNECT: {
          guard: 'valid',
          target: 'connecting',
          actions: assign({
            at: ({ event }) => event.at,
            feed: ({ context, event }) => [item(event.at, checkingMessage(context.file!.name), 'default')],
          }),
        },
      },
    },
    connecting: {
      invoke: {
        id: 'connectAdjust',
        src: 'connectAdjust',
        input: ({ context }) => ({
          appId: context.appId,
          partnerLink: context.partnerLink.trim(),
          file: context.file!,
        }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'connected',
            actions: [
              assign({ feed: ({ context }) => [...context.feed, item(context.at, ADJUST_CONNECTED, 'success')] }),
              { type: 'notify', params: { message: ADJUST_CONNECTED, kind: 'success', duration: 'partnerSuccess' } },
              { type: 'connected', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          {
            target: 'editing',
            actions: [
              assign({
                feed: ({ context, event }) => {
                  const errors = event.output.errors ?? [];
                  return [
                    ...context.feed,
                    item(context.at, refusedMessage(errors.length), 'error'),
                    ...errors.map((error) => item(context.at, error, 'error')),
                  ];
                },
              }),
              { type: 'notify', params: { message: ADJUST_CONNECT_FAILED, kind: 'error', duration: 'partnerError' } },
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            assign({
              feed: ({ context, event }) => [
                ...context.feed,
                item(
                  context.at,
                  serverWords(event.error) ?? networkWords(event.error) ?? ADJUST_CONNECT_FAILED,
                  'error',
                ),
              ],
            }),
            { type: 'notify', params: { message: ADJUST_CONNECT_FAILED, kind: 'error', duration: 'partnerError' } },
          ],
        },
      },
    },
    connected: {},
  },
});

export type AdjustConnectActor = ActorRefFrom<typeof adjustConnectMachine>;
export type AdjustConnectSnapshot = SnapshotFrom<typeof adjustConnectMachine>;
