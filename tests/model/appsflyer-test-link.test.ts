/**
 * Paths of the AppsFlyer test-link generator (src/machines/appsflyer-test-link; docs/postbacks.md §Entities parameters, §Rules and limits advertising id
 * 'required' / 'whitespaces not allowed', Generate Link disabled on error or empty, §Rules and limits QR): every state reachable; the
 * server stores the link behind a short link and the QR code holds the short link; editing clears both; copy (full or
 * short link) done and failed; the 600 px download; a refused link or QR goes back to editing with the error.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { testLinkBase } from '../../src/contracts/integrations';
import { appsflyerTestLinkMachine } from '../../src/machines/appsflyer-test-link/appsflyer-test-link.machine';
import { selectTestLink } from '../../src/machines/appsflyer-test-link/appsflyer-test-link.selectors';
import {
  defineModel,
  done,
  failed,
  fixture,
  live,
  pendingForever,
  shortestPaths,
  unreachedStateNodeIds,
} from './graph-harness';

const ios = { base: testLinkBase({ id: 'dragon-merge-ios', platform: 'ios', appPath: 'id1600000001' }) };
const LINK = 'https://app.appsflyer.com/id1600000001?af_siteid=questboard&idfa=AEBE52E7-03EE-455A-B3C4-E57283966239';
const SHORT = 'https://dashboard.questboard.example.com/t/AbCdEfGhIjKl';
const apiError = Object.assign(new Error("Add the app's store id in App Settings to generate its link."), {
  name: 'ApiError',
  status: 409,
  code: 'no_app_path',
});
const model = defineModel(appsflyerTestLinkMachine, {
  EDIT: [
    { type: 'EDIT', value: 'AEBE52E7-03EE-455A-B3C4-E57283966239' },
    { type: 'EDIT', value: '  ' },
    { type: 'EDIT', value: 'has space' },
  ],
  GENERATE: { type: 'GENERATE' },
  COPY: { type: 'COPY' },
  COPY_SHORT: { type: 'COPY_SHORT' },
  DOWNLOAD: { type: 'DOWNLOAD' },
  'xstate.done.actor.createLink': done('createLink', {
    success: true,
    link: LINK,
    shortUrl: SHORT,
    expiresAt: 1_800_000_000_000,
  }),
  'xstate.error.actor.createLink': [
    failed('createLink', apiError),
    failed('createLink', new TypeError('Failed to fetch')),
  ],
  'xstate.done.actor.qrCode': done('qrCode', 'data:image/png;base64,AAAA'),
  'xstate.error.actor.qrCode': failed('qrCode', new Error('too long')),
  'xstate.done.actor.copyLink': done('copyLink', undefined),
  'xstate.error.actor.copyLink': failed('copyLink', new Error('denied')),
  'xstate.done.actor.downloadQr': done('downloadQr', undefined),
  'xstate.error.actor.downloadQr': failed('downloadQr', new Error('blocked')),
});
const ev = {
  typed: fixture(model, 'EDIT', 0),
  blank: fixture(model, 'EDIT', 1),
  spaced: fixture(model, 'EDIT', 2),
  generate: fixture(model, 'GENERATE'),
  copy: fixture(model, 'COPY'),
  copyShort: fixture(model, 'COPY_SHORT'),
  download: fixture(model, 'DOWNLOAD'),
  created: fixture(model, 'xstate.done.actor.createLink'),
  refused: fixture(model, 'xstate.error.actor.createLink', 0),
  offline: fixture(model, 'xstate.error.actor.createLink', 1),
  qr: fixture(model, 'xstate.done.actor.qrCode'),
  qrFailed: fixture(model, 'xstate.error.actor.qrCode'),
  copied: fixture(model, 'xstate.done.actor.copyLink'),
  copyFailed: fixture(model, 'xstate.error.actor.copyLink'),
  downloaded: fixture(model, 'xstate.done.actor.downloadQr'),
  downloadFailed: fixture(model, 'xstate.error.actor.downloadQr'),
};
const pending = appsflyerTestLinkMachine.provide({
  actors: {
    createLink: pendingForever(),
    qrCode: pendingForever(),
    copyLink: pendingForever(),
    downloadQr: pendingForever(),
  },
});
const start = (input = ios) => live(pending, { input, spies: ['notify'] });

describe('appsflyer-test-link machine paths', () => {
  it('reaches every state node', () => {
    expect(
      unreachedStateNodeIds(
        appsflyerTestLinkMachine,
        shortestPaths(appsflyerTestLinkMachine, model.events, { input: ios }),
      ),
    ).toEqual([]);
  });

  it("the advertising id: 'required' when blank, 'whitespaces not allowed'; Generate Link disabled meanwhile", () => {
    const { actor, send } = start();
    expect(selectTestLink(actor.getSnapshot())).toMatchObject({
      error: null,
      canGenerate: false,
      link: null,
      qr: null,
    });
    send(ev.blank);
    expect(selectTestLink(actor.getSnapshot())).toMatchObject({ error: 'required', canGenerate: false });
    send(ev.spaced);
    expect(selectTestLink(actor.getSnapshot())).toMatchObject({ error: 'whitespaces not allowed', canGenerate: false });
    expect(actor.getSnapshot().can(ev.generate as never)).toBe(true);
    expect(send(ev.generate).value).toBe('editing');
  });

  it('Generate Link: the server stores the link, the QR code holds the short link; copy either; download the PNG', () => {
    const { actor, send, notices } = start();
    send(ev.typed);
    expect(send(ev.generate).value).toBe('shortening');
    expect(selectTestLink(actor.getSnapshot()).generating).toBe(true);
    expect(send(ev.created).value).toBe('drawing');
    expect(selectTestLink(actor.getSnapshot())).toMatchObject({ generating: true, link: null, qr: null });
    send(ev.qr);
    expect(selectTestLink(actor.getSnapshot())).toMatchObject({
      link: LINK,
      shortUrl: SHORT,
      expiresAt: 1_800_000_000_000,
      qr: 'data:image/png;base64,AAAA',
      canGenerate: true,
      generating: false,
    });
    expect(send(ev.download).value).toBe('downloading');
    expect(selectTestLink(actor.getSnapshot())).toMatchObject({ downloading: true, qr: 'data:image/png;base64,AAAA' });
    send(ev.downloaded);
    send(ev.download, ev.downloadFailed);
    send(ev.copy, ev.copied);
    send(ev.copyShort, ev.copyFailed);
    expect(notices()).toEqual([
      'The QR code could not be downloaded.',
      'Link copied to clipboard.',
      'Failed to copy to clipboard.',
    ]);
    expect(send(ev.generate).value).toBe('shortening');
    send(ev.created, ev.qr);
    expect(send(ev.blank).value).toBe('editing');
    expect(selectTestLink(actor.getSnapshot())).toMatchObject({ link: null, shortUrl: null, qr: null });
    expect(actor.getSnapshot().context).toMatchObject({ link: null, shortUrl: null, expiresAt: null, qr: null });
  });

  it('the inputs: the trimmed id to the server; the short link to the QR code and the download; COPY the full link, COPY_SHORT the short', () => {
    const inputs: [string, unknown][] = [];
    const recording = <T, I>(name: string) =>
      fromPromise<T, I>(({ input }) => (inputs.push([name, input]), new Promise<T>(() => {})));
    const machine = appsflyerTestLinkMachine.provide({
      actors: {
        createLink: recording('createLink'),
        qrCode: recording('qrCode'),
        copyLink: recording('copyLink'),
        downloadQr: recording('downloadQr'),
      },
    });
    const { send } = live(machine, { input: ios });
    send(
      { type: 'EDIT', value: ' AEBE52E7 ' },
      { type: 'EDIT', value: 'AEBE52E7' },
      ev.generate,
      ev.created,
      ev.qr,
      ev.copy,
      ev.copied,
      ev.copyShort,
      ev.copied,
      ev.download,
    );
    expect(inputs).toEqual([
      ['createLink', { appId: 'dragon-merge-ios', advertisingId: 'AEBE52E7' }],
      ['qrCode', { text: SHORT }],
      ['copyLink', { text: LINK }],
      ['copyLink', { text: SHORT }],
      ['downloadQr', { text: SHORT }],
    ]);
  });

  it('Android: the package as path, advertising_id, the special pid for the listed packages; no path → no link', () => {
    const android = testLinkBase({ id: 'a', platform: 'android', appPath: 'io.questboard.app' });
    expect(android).toMatchObject({ pid: 'questboard_s2s_int', appPath: 'io.questboard.app' });
    expect(testLinkBase({ id: 'a', platform: 'android', appPath: 'dev.demostudio.pixelracer' })).toMatchObject({
      pid: 'questboard_int',
    });
    const none = start({ base: null });
    none.send(ev.typed);
    expect(selectTestLink(none.actor.getSnapshot())).toMatchObject({ canGenerate: false, hasAppPath: false });
  });

  it("a refused link shows the server's words, a network failure ours; a QR that cannot be drawn: back to editing", () => {
    const { actor, send, notices } = start();
    send(ev.typed, ev.generate, ev.refused);
    expect(actor.getSnapshot().value).toBe('editing');
    send(ev.generate, ev.offline);
    send(ev.generate, ev.created, ev.qrFailed);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ link: null, shortUrl: null, qr: null });
    expect(notices()).toEqual([
      "Add the app's store id in App Settings to generate its link.",
      'The test link could not be created. Please try again.',
      'The QR code could not be generated.',
    ]);
  });
});
