/**
 * Paths of the AppsFlyer test-link generator (src/machines/appsflyer-test-link; SPEC §3 parameters, §5 advertising id
 * 'required' / 'whitespaces not allowed', Generate Link disabled on error or empty, §7 built client-side, §9 QR):
 * every state reachable; the link carries every SPEC §3 parameter (idfa on iOS, advertising_id on Android, the special
 * pid); editing clears the link; copy done and failed.
 */
import { describe, expect, it } from 'vitest';
import { appsflyerTestLinkMachine, testLinkBase } from '../../src/machines/appsflyer-test-link/appsflyer-test-link.machine';
import { selectTestLink } from '../../src/machines/appsflyer-test-link/appsflyer-test-link.selectors';
import { defineModel, done, failed, fixture, live, pendingForever, shortestPaths, unreachedStateNodeIds } from './graph-harness';

const ios = { base: testLinkBase({ id: 'dragon-merge-ios', platform: 'ios', appPath: 'id1600000001' }) };
const model = defineModel(appsflyerTestLinkMachine, {
  EDIT: [{ type: 'EDIT', value: 'AEBE52E7-03EE-455A-B3C4-E57283966239' }, { type: 'EDIT', value: '  ' }, { type: 'EDIT', value: 'has space' }],
  GENERATE: { type: 'GENERATE' },
  COPY: { type: 'COPY' },
  'xstate.done.actor.qrCode': done('qrCode', 'data:image/png;base64,AAAA'),
  'xstate.error.actor.qrCode': failed('qrCode', new Error('too long')),
  'xstate.done.actor.copyLink': done('copyLink', undefined),
  'xstate.error.actor.copyLink': failed('copyLink', new Error('denied')),
});
const ev = {
  typed: fixture(model, 'EDIT', 0),
  blank: fixture(model, 'EDIT', 1),
  spaced: fixture(model, 'EDIT', 2),
  generate: fixture(model, 'GENERATE'),
  copy: fixture(model, 'COPY'),
  qr: fixture(model, 'xstate.done.actor.qrCode'),
  qrFailed: fixture(model, 'xstate.error.actor.qrCode'),
  copied: fixture(model, 'xstate.done.actor.copyLink'),
  copyFailed: fixture(model, 'xstate.error.actor.copyLink'),
};
const pending = appsflyerTestLinkMachine.provide({ actors: { qrCode: pendingForever(), copyLink: pendingForever() } });
const start = (input = ios) => live(pending, { input, spies: ['notify'] });

describe('appsflyer-test-link machine paths', () => {
  it('reaches every state node', () => {
    expect(unreachedStateNodeIds(appsflyerTestLinkMachine, shortestPaths(appsflyerTestLinkMachine, model.events, { input: ios }))).toEqual([]);
  });

  it("the advertising id: 'required' when blank, 'whitespaces not allowed'; Generate Link disabled meanwhile", () => {
    const { actor, send } = start();
    expect(selectTestLink(actor.getSnapshot())).toMatchObject({ error: null, canGenerate: false, link: null, qr: null });
    send(ev.blank);
    expect(selectTestLink(actor.getSnapshot())).toMatchObject({ error: 'required', canGenerate: false });
    send(ev.spaced);
    expect(selectTestLink(actor.getSnapshot())).toMatchObject({ error: 'whitespaces not allowed', canGenerate: false });
    expect(actor.getSnapshot().can(ev.generate as never)).toBe(true);
    expect(send(ev.generate).value).toBe('editing');
  });

  it('generates the SPEC §3 link on the AppsFlyer domain (iOS: id-prefixed store id, idfa) and its QR; copy says so', () => {
    const { actor, send, notices } = start();
    send(ev.typed, ev.generate);
    expect(selectTestLink(actor.getSnapshot()).generating).toBe(true);
    send(ev.qr);
    const view = selectTestLink(actor.getSnapshot());
    expect(view.qr).toBe('data:image/png;base64,AAAA');
    const url = new URL(view.link!);
    expect(`${url.origin}${url.pathname}`).toBe('https://app.appsflyer.com/id1600000001');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      af_siteid: 'questboard', c: 'questboard_test', pid: 'questboard_int', af_click_lookback: '7d', af_dp: 'questboard://quests',
      af_sub1: 'USER_ID', af_sub2: 'dragon-merge-ios', af_sub3: 'QUEST_ID', af_reengagement_window: '30d', is_retargeting: 'false',
      idfa: 'AEBE52E7-03EE-455A-B3C4-E57283966239',
    });
    expect(view.canGenerate).toBe(true);
    expect(send(ev.generate).value).toBe('generating');
    send(ev.qr);
    send(ev.copy, ev.copied);
    send(ev.copy, ev.copyFailed);
    expect(notices()).toEqual(['Link copied to clipboard.', 'Failed to copy to clipboard.']);
    expect(send(ev.blank).value).toBe('editing');
    expect(selectTestLink(actor.getSnapshot()).link).toBeNull();
  });

  it('Android: the package as path, advertising_id, the special pid for the listed packages; no path → no link', () => {
    const android = testLinkBase({ id: 'a', platform: 'android', appPath: 'io.questboard.app' });
    expect(android).toMatchObject({ pid: 'questboard_s2s_int', appPath: 'io.questboard.app' });
    const { actor, send } = start({ base: testLinkBase({ id: 'a', platform: 'android', appPath: 'dev.demostudio.pixelracer' }) });
    send(ev.typed, ev.generate);
    const url = new URL(actor.getSnapshot().context.link!);
    expect(url.pathname).toBe('/dev.demostudio.pixelracer');
    expect(url.searchParams.get('advertising_id')).toBe('AEBE52E7-03EE-455A-B3C4-E57283966239');
    expect(url.searchParams.get('pid')).toBe('questboard_int');
    const none = start({ base: null });
    none.send(ev.typed);
    expect(selectTestLink(none.actor.getSnapshot())).toMatchObject({ canGenerate: false, hasAppPath: false });
  });

  it('a QR that cannot be drawn: back to editing with the error', () => {
    const { actor, send, notices } = start();
    send(ev.typed, ev.generate, ev.qrFailed);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(notices()).toEqual(['The QR code could not be generated.']);
  });
});
