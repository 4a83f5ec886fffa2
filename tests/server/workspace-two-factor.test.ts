/**
 * A workspace that requires two-factor sign-in (docs/accounts.md §Two-factor sign-in): only an admin who has it may
 * turn the requirement on; then every workspace, app and plugin route answers 403 two_factor_required to a member
 * without it until they enrol, /api/me says which workspaces require it and whether the account has it, and the
 * change is an activity entry.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  TWO_FACTOR_REQUIRED,
  TWO_FACTOR_REQUIRED_CODE,
  TWO_FACTOR_YOURS_FIRST,
  type WorkspaceSecurity,
} from '../../src/contracts/workspace';
import type { Account } from '../../src/contracts/auth';
import type { ActivityPage } from '../../src/contracts/activity';
import { DEMO_APP_IDS, DEMO_WORKSPACE_ID, RIVAL_WORKSPACE_ID } from '../../server/demo/ids';
import { call, createTestServer, signInDemo, type TestServer } from './helpers';

const W = DEMO_WORKSPACE_ID;
const SECURITY = `/api/workspace/${W}/security`;
let server: TestServer;
let tokens: Record<'admin' | 'editor' | 'viewer' | 'rival', string>;

beforeAll(async () => {
  server = await createTestServer();
  tokens = await signInDemo(server.app, ['admin', 'editor', 'viewer', 'rival']);
}, 600_000);
afterAll(() => server?.close());

const get = (token: string, url: string) => call(server.app, token, { method: 'GET', url });
const setRequired = (token: string, requireTwoFactor: boolean, workspaceId = W) =>
  call(server.app, token, {
    method: 'POST',
    url: `/api/workspace/${workspaceId}/security`,
    payload: { requireTwoFactor },
  });
const me = async (token: string) => (await get(token, '/api/me')).json() as Account;

/** Enrols the token's account in two-factor sign-in with a code computed from the enrolment secret. */
async function enrol(token: string) {
  const secret = (
    await call(server.app, token, { method: 'POST', url: '/api/account/two-factor/enrol', payload: {} })
  ).json().secret as string;
  const otp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  const confirmed = await call(server.app, token, {
    method: 'POST',
    url: '/api/account/two-factor/confirm',
    payload: { otp },
  });
  expect(confirmed.statusCode).toBe(200);
}

describe('requiring two-factor sign-in in a workspace', () => {
  test('an admin without two-factor sign-in cannot require it; editors and viewers cannot change it', async () => {
    const read = await get(tokens.admin, SECURITY);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      success: true,
      requireTwoFactor: false,
      membersWithoutTwoFactor: expect.any(Number),
      youHaveTwoFactor: false,
    });
    const refused = await setRequired(tokens.admin, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: TWO_FACTOR_YOURS_FIRST, code: 'two_factor_yours_first' });
    expect((await setRequired(tokens.editor, true)).statusCode).toBe(403);
    expect((await get(tokens.viewer, SECURITY)).statusCode).toBe(403);
    expect((await setRequired(tokens.rival, true)).statusCode).toBe(404);
    expect((await setRequired(tokens.rival, true, RIVAL_WORKSPACE_ID)).statusCode).toBe(409);
  });

  test('once required, members without it are refused every workspace, app and plugin route until they enrol', async () => {
    await enrol(tokens.admin);
    const before = (await get(tokens.admin, SECURITY)).json() as WorkspaceSecurity;
    const on = await setRequired(tokens.admin, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      success: true,
      requireTwoFactor: true,
      membersWithoutTwoFactor: before.membersWithoutTwoFactor,
      youHaveTwoFactor: true,
    });

    for (const url of [
      `/api/workspace/${W}`,
      `/api/workspace/${W}/activity`,
      `/api/app/${DEMO_APP_IDS.dragonMergeAndroid}/plugins`,
    ]) {
      const refused = await get(tokens.editor, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toMatchObject({ message: TWO_FACTOR_REQUIRED, code: TWO_FACTOR_REQUIRED_CODE });
      expect((await get(tokens.admin, url)).statusCode, url).toBe(200);
    }
    // The account itself still answers: the page can say why and send them to enrol.
    const account = await me(tokens.editor);
    expect(account.twoFactor).toBe(false);
    expect(account.organisations?.find((o) => o.id === W)?.requireTwoFactor).toBe(true);
    expect((await me(tokens.admin)).twoFactor).toBe(true);

    await enrol(tokens.editor);
    expect((await me(tokens.editor)).twoFactor).toBe(true);
    expect((await get(tokens.editor, `/api/workspace/${W}`)).statusCode).toBe(200);
    expect(((await get(tokens.admin, SECURITY)).json() as WorkspaceSecurity).membersWithoutTwoFactor).toBe(
      before.membersWithoutTwoFactor - 1,
    );
    // Another workspace of a member is not affected.
    expect((await get(tokens.rival, `/api/workspace/${RIVAL_WORKSPACE_ID}`)).statusCode).toBe(200);
  });

  test('the change is in the activity log with before → after; setting the same value again is no change', async () => {
    expect((await setRequired(tokens.admin, true)).statusCode).toBe(200);
    expect((await setRequired(tokens.admin, false)).statusCode).toBe(200);
    expect((await get(tokens.viewer, `/api/workspace/${W}`)).statusCode).toBe(200);
    const log = (
      await get(tokens.admin, `/api/workspace/${W}/activity?verb=workspace.settings_changed`)
    ).json() as ActivityPage;
    const changes = log.entries.map((e) => e.changes).filter((c) => c[0]?.field === 'requireTwoFactor');
    expect(changes).toEqual([
      [{ field: 'requireTwoFactor', before: true, after: false }],
      [{ field: 'requireTwoFactor', before: false, after: true }],
    ]);
  });

  test('the body is checked: a missing or non-boolean value is answered 400', async () => {
    for (const payload of [{}, { requireTwoFactor: 'yes' }, { requireTwoFactor: 1 }]) {
      const res = await call(server.app, tokens.admin, { method: 'POST', url: SECURITY, payload });
      expect(res.statusCode).toBe(400);
    }
  });
});
