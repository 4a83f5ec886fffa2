/**
 * The AppsFlyer test-link generator (SPEC §2 AppsFlyer steps, §3 test link parameters, §5 advertising id: 'required'
 * if empty or blank, 'whitespaces not allowed'; Generate Link disabled on error or empty; §7 the link is built
 * client-side; §9 QR code 150 px, error correction H).
 *
 *   editing ─EDIT─► editing (id kept, error shown once touched)
 *           ─GENERATE [valid id, app has a link path]─► generating (QR image of the link) ─┬─ done ──► ready
 *                                                                                          └─ error ─► editing (error)
 *   ready ─EDIT─► editing (link cleared)    ─GENERATE─► generating (again)    ─COPY─► copying ─┬─ done ──► ready ('Link copied to clipboard.')
 *                                                            └─ error ─► ready ('Failed to copy to clipboard.')
 *
 * `qrCode` (the qrcode library) and `copyLink` (the clipboard) are provided by appsflyer-test-link.actors.ts.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { advertisingIdError, appsFlyerTestLink, type AppsFlyerTestLinkInput } from '../../contracts/integrations';
import type { Platform } from '../../contracts/codecs';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';

/** Our values of the link's fixed parameters (SPEC §3 names them, not their values). */
export const TEST_LINK_SITE_ID = 'questboard';
export const TEST_LINK_CAMPAIGN = 'questboard_test';
export const TEST_LINK_PID = 'questboard_int';
/** SPEC §9: the pid differs for a small list of Android packages (ours: the Questboard apps measured on their own pid). */
export const SPECIAL_PID_PACKAGES: readonly string[] = ['io.questboard.app', 'io.questboard.app.beta'];
export const SPECIAL_PID = 'questboard_s2s_int';
export const TEST_LINK_DEEP_LINK = 'questboard://quests';

export const LINK_COPIED = 'Link copied to clipboard.';
export const COPY_FAILED = 'Failed to copy to clipboard.';
export const QR_FAILED = 'The QR code could not be generated.';

/** The link's parameters for an app (without the device id), or null when the app has no package or store id yet. */
export function testLinkBase(app: { id: string; platform: Platform; appPath: string | null }): Omit<AppsFlyerTestLinkInput, 'advertisingId'> | null {
  if (!app.appPath) return null;
  const special = app.platform === 'android' && SPECIAL_PID_PACKAGES.includes(app.appPath);
  return {
    platform: app.platform, appPath: app.appPath, appId: app.id, siteId: TEST_LINK_SITE_ID, campaign: TEST_LINK_CAMPAIGN,
    pid: special ? SPECIAL_PID : TEST_LINK_PID, deepLinkTarget: TEST_LINK_DEEP_LINK,
  };
}

export interface TestLinkInput {
  base: Omit<AppsFlyerTestLinkInput, 'advertisingId'> | null;
}
export interface TestLinkContext extends TestLinkInput {
  advertisingId: string;
  touched: boolean;
  link: string | null;
  /** The QR code as a PNG data: URL. */
  qr: string | null;
}
export type TestLinkEvent = { type: 'EDIT'; value: string } | { type: 'GENERATE' } | { type: 'COPY' };

export const canGenerate = (context: Pick<TestLinkContext, 'base' | 'advertisingId'>) => !!context.base && advertisingIdError(context.advertisingId) === null;

export const appsflyerTestLinkMachine = setup({
  types: {
    context: {} as TestLinkContext,
    events: {} as TestLinkEvent,
    input: {} as TestLinkInput,
    children: {} as { qrCode: 'qrCode'; copyLink: 'copyLink' },
  },
  actors: {
    qrCode: toProvide<string, { text: string }>('qrCode'),
    copyLink: toProvide<void, { text: string }>('copyLink'),
  },
  guards: {
    canGenerate: ({ context }) => canGenerate(context),
  },
  actions: {
    notify,
    /** The typed id; the link and QR no longer match it. */
    /** SPEC §7: the link is built client-side from the app's parameters and the typed id. */
    buildLink: assign({ link: ({ context }) => appsFlyerTestLink({ ...context.base!, advertisingId: context.advertisingId }) }),
    edit: assign({ advertisingId: ({ event }) => (event.type === 'EDIT' ? event.value : ''), touched: true, link: null, qr: null }),
  },
}).createMachine({
  id: 'appsflyerTestLink',
  context: ({ input }) => ({ base: input.base, advertisingId: '', touched: false, link: null, qr: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        EDIT: { actions: 'edit' },
        GENERATE: [{ guard: 'canGenerate', target: 'generating', actions: 'buildLink' }, { actions: assign({ touched: true }) }],
      },
    },
    generating: {
      invoke: {
        id: 'qrCode',
        src: 'qrCode',
        input: ({ context }) => ({ text: context.link! }),
        onDone: { target: 'ready', actions: assign({ qr: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: [assign({ link: null }), { type: 'notify', params: { message: QR_FAILED, kind: 'error' } }] },
      },
    },
    ready: {
      on: {
        EDIT: { target: 'editing', actions: 'edit' },
        GENERATE: { target: 'generating', actions: 'buildLink' },
        COPY: 'copying',
      },
    },
    copying: {
      invoke: {
        id: 'copyLink',
        src: 'copyLink',
        input: ({ context }) => ({ text: context.link! }),
        onDone: { target: 'ready', actions: { type: 'notify', params: { message: LINK_COPIED, kind: 'success', duration: 'short' } } },
        onError: { target: 'ready', actions: { type: 'notify', params: { message: COPY_FAILED, kind: 'error' } } },
      },
    },
  },
});

export type TestLinkActor = ActorRefFrom<typeof appsflyerTestLinkMachine>;
export type TestLinkSnapshot = SnapshotFrom<typeof appsflyerTestLinkMachine>;
