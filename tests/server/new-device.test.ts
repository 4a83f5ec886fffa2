/**
 * A sign-in from a new device tells the account's own address (server/areas/auth/devices.ts, docs/accounts.md §Mail
 * to the account): not the account's first device, not a device it used before, once per device.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/demo/seed';
import { NEW_DEVICE_SUBJECT } from '../../server/areas/auth/devices';
import { createTestServer, type TestServer } from './helpers';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

const signIn = async (email: string, userAgent: string, ip = '203.0.113.7') => {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'user-agent': userAgent, 'x-forwarded-for': ip },
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const notices = async (to: string) =>
  (
    await server.db.selectFrom('outbox').select(['subject', 'body']).where('to_email', '=', to).orderBy('id').execute()
  ).filter((m) => m.subject === NEW_DEVICE_SUBJECT);

describe('a sign-in from a new device', () => {
  test('the first device tells nothing; another device tells once; a known one never', async () => {
    const email = DEMO_ACCOUNTS.editor;
    await signIn(email, CHROME_WINDOWS);
    await signIn(email, CHROME_WINDOWS);
    expect(await notices(email)).toHaveLength(0);
    await signIn(email, FIREFOX_LINUX);
    const mails = await notices(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(
      `Your Questboard account ${email} was just signed in to from a device it had not used before: Firefox on Linux`,
    );
    expect(mails[0]!.body).toContain('/forgot-password');
    await signIn(email, FIREFOX_LINUX);
    await signIn(email, CHROME_WINDOWS);
    expect(await notices(email)).toHaveLength(1);
    // another account's devices are its own
    await signIn(DEMO_ACCOUNTS.viewer, FIREFOX_LINUX);
    expect(await notices(DEMO_ACCOUNTS.viewer)).toHaveLength(0);
  });
});
