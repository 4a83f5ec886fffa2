/**
 * The AppsFlyer test-link generator (docs/postbacks.md §Screens and routes AppsFlyer steps, §Entities test link parameters, §Rules and limits advertising id: 'required'
 * if empty or blank, 'whitespaces not allowed'; Generate Link disabled on error or empty; §Rules and limits QR code 150 px, error
 * correction H). The QR code holds a short link on our server (PUBLIC_URL/t/{code}, 7 days) that redirects to the
 * full test link: the full link is too dense for a phone to read at 150 px (README "Short test links").
 *
 *   editing ─EDIT─► editing (id kept, error shown once touched)
 *           ─GENERATE [valid id, app has a link path]─► shortening (the server stores the link) ─┬─ done ─► drawing
 *                                                                                               └─ error ─► editing (error)
 *   drawing (QR image of the short link) ─┬─ done ──► ready
 *                                         └─ error ─► editing (error)
 *   ready ─EDIT─► editing (links cleared)   ─GENERATE─► shortening (again)
 *         ─COPY / COPY_SHORT─► copying ─┬─ done ──► ready ('Link copied to clipboard.')
 *                                       └─ error ─► ready ('Failed to copy to clipboard.')
 *         ─DOWNLOAD─► downloading (the QR code as a 600 px PNG) ─┬─ done ──► ready
 *                                                                └─ error ─► ready (error)
 *
 * `createLink` (the server), `qrCode` and `downloadQr` (the qrcode library) and `copyLink` (the clipboard) are provided
 * by appsflyer-test-link.actors.ts.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { advertisingIdError, type AppsFlyerTestLinkInput, type TestLinkResponse } from '../../contracts/integrations';
import { notify } from '../shared/notice';
import { serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';

export { testLinkBase } from '../../contracts/integrations';

export const LINK_COPIED = 'Link copied to clipboard.';
export const COPY_FAILED = 'Failed to copy to clipboard.';
export const QR_FAILED = 'The QR code could not be generated.';
export const LINK_FAILED = 'The test link could not be created. Please try again.';
export const DOWNLOAD_FAILED = 'The QR code could not be downloaded.';

export interface TestLinkInput {
  base: Omit<AppsFlyerTestLinkInput, 'advertisingId'> | null;
}
export interface TestLinkContext extends TestLinkInput {
  advertisingId: string;
  touched: boolean;
  /** The full test link, as the server stored it. */
  link: string | null;
  /** The short link the QR code holds, and when it stops redirecting (epoch ms). */
  shortUrl: string | null;
  expiresAt: number | null;
  /** The QR code as a PNG data: URL. */
  qr: string | null;
}
export type TestLinkEvent =
  | { type: 'EDIT'; value: string }
  | { type: 'GENERATE' }
  | { type: 'COPY' }
  | { type: 'COPY_SHORT' }
  | { type: 'DOWNLOAD' };

export const canGenerate = (context: Pick<TestLinkContext, 'base' | 'advertisingId'>) =>
  !!context.base && advertisingIdError(context.advertisingId) === null;

const cleared = { link: null, shortUrl: null, expiresAt: null, qr: null };

export const appsflyerTestLinkMachine = setup({
  types: {
    context: {} as TestLinkContext,
    events: {} as TestLinkEvent,
    input: {} as TestLinkInput,
    children: {} as { createLink: 'createLink'; qrCode: 'qrCode'; copyLink: 'copyLink'; downloadQr: 'downloadQr' },
  },
  actors: {
    createLink: toProvide<TestLinkResponse, { appId: string; advertisingId: string }>('createLink'),
    qrCode: toProvide<string, { text: string }>('qrCode'),
    copyLink: toProvide<void, { text: string }>('copyLink'),
    downloadQr: toProvide<void, { text: string }>('downloadQr'),
  },
  guards: {
    canGenerate: ({ context }) => canGenerate(context),
  },
  actions: {
    notify,
    /** The typed id; the links and QR no longer match it. */
    edit: assign({
      advertisingId: ({ event }) => (event.type === 'EDIT' ? event.value : ''),
      touched: true,
      ...cleared,
    }),
  },
}).createMachine({
  id: 'appsflyerTestLink',
  context: ({ input }) => ({ base: input.base, advertisingId: '', touched: false, ...cleared }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        EDIT: { actions: 'edit' },
        GENERATE: [{ guard: 'canGenerate', target: 'shortening' }, { actions: assign({ touched: true }) }],
      },
    },
    shortening: {
      invoke: {
        id: 'createLink',
        src: 'createLink',
        input: ({ context }) => ({ appId: context.base!.appId, advertisingId: context.advertisingId.trim() }),
        onDone: {
          target: 'drawing',
          actions: assign({
            link: ({ event }) => event.output.link,
            shortUrl: ({ event }) => event.output.shortUrl,
            expiresAt: ({ event }) => event.output.expiresAt,
          }),
        },
        onError: {
          target: 'editing',
          actions: [
            assign(cleared),
            {
              type: 'notify',
              params: ({ event }) => ({ message: serverWords(event.error) ?? LINK_FAILED, kind: 'error' as const }),
            },
          ],
        },
      },
    },
    drawing: {
      invoke: {
        id: 'qrCode',
        src: 'qrCode',
        input: ({ context }) => ({ text: context.shortUrl! }),
        onDone: { target: 'ready', actions: assign({ qr: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: [assign(cleared), { type: 'notify', params: { message: QR_FAILED, kind: 'error' } }],
        },
      },
    },
    ready: {
      on: {
        EDIT: { target: 'editing', actions: 'edit' },
        GENERATE: { target: 'shortening' },
        COPY: 'copying',
        COPY_SHORT: 'copying',
        DOWNLOAD: 'downloading',
      },
    },
    copying: {
      invoke: {
        id: 'copyLink',
        src: 'copyLink',
        input: ({ context, event }) => ({ text: event.type === 'COPY_SHORT' ? context.shortUrl! : context.link! }),
        onDone: {
          target: 'ready',
          actions: { type: 'notify', params: { message: LINK_COPIED, kind: 'success', duration: 'short' } },
        },
        onError: { target: 'ready', actions: { type: 'notify', params: { message: COPY_FAILED, kind: 'error' } } },
      },
    },
    downloading: {
      invoke: {
        id: 'downloadQr',
        src: 'downloadQr',
        input: ({ context }) => ({ text: context.shortUrl! }),
        onDone: { target: 'ready' },
        onError: { target: 'ready', actions: { type: 'notify', params: { message: DOWNLOAD_FAILED, kind: 'error' } } },
      },
    },
  },
});

export type TestLinkActor = ActorRefFrom<typeof appsflyerTestLinkMachine>;
export type TestLinkSnapshot = SnapshotFrom<typeof appsflyerTestLinkMachine>;
