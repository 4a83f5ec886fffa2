/**
 * Accounts of the account flows' tests (docs/accounts.md §Forgot password, §Account page): a person of the test's
 * own (invited to Demo Studio as a viewer and joined through the API, so resetting or changing their password touches
 * no demo account), and the reset and e-mail change links mailed to them, read from the test-only outbox.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './sign-in.page';
import { DEMO_WORKSPACE, uniqueEmail } from './demo';
import { acceptInviteByApi, inviteByApi } from './invite.page';
import { inviteLinkFor, outboxFor } from './mailbox';

export const OWN_PASSWORD = 'paths-own-password-1';

/** A new account of the test's own; answers its address. */
export async function ownAccount(request: APIRequestContext): Promise<string> {
  const signIn = await request.post('/api/auth/sign-in', {
    data: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  expect(signIn.status(), 'the admin signs in').toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  const email = uniqueEmail('account');
  await inviteByApi(request, token, DEMO_WORKSPACE.id, email, 'viewer');
  await acceptInviteByApi(request, await inviteLinkFor(email), {
    firstName: 'Paula',
    lastName: 'Paths',
    password: OWN_PASSWORD,
  });
  return email;
}

/** Asks for a reset link for `email` through the API and answers its token (waiting for the mail). */
export async function resetTokenFor(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/forgot-password', { data: { email } });
  expect(res.status(), 'asking for a reset link').toBe(200);
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const tokens = (await outboxFor(email)).map((m) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(m.body)?.[1]);
        token = tokens.filter(Boolean).at(-1);
        return token;
      },
      { message: `a reset link to ${email} in the outbox`, timeout: 10_000 },
    )
    .toBeTruthy();
  return token!;
}

/** Asks through the API to move the signed-in account (`session`) to `newEmail`; answers the link's token mailed there. */
export async function emailChangeTokenFor(request: APIRequestContext, session: string, newEmail: string) {
  const res = await request.post('/api/account/email', {
    headers: { Authorization: `Bearer ${session}` },
    data: { email: newEmail, password: OWN_PASSWORD },
  });
  expect(res.status(), 'asking for an e-mail change').toBe(200);
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const tokens = (await outboxFor(newEmail)).map((m) => /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(m.body)?.[1]);
        token = tokens.filter(Boolean).at(-1);
        return token;
      },
      { message: `an e-mail change link to ${newEmail} in the outbox`, timeout: 10_000 },
    )
    .toBeTruthy();
  return token!;
}

/** The authenticator's 6-digit code of `secret` at `at` (ms). */
export const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

/** Turns two-factor sign-in on for `email` (an ownAccount); answers the secret and the recovery codes. */
export async function turnOnTwoFactor(request: APIRequestContext, email: string) {
  const signIn = await request.post('/api/auth/sign-in', { data: { email, password: OWN_PASSWORD } });
  const { token } = (await signIn.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const enrol = await request.post('/api/account/two-factor/enrol', { headers });
  const { secret } = (await enrol.json()) as { secret: string };
  const confirm = await request.post('/api/account/two-factor/confirm', {
    headers,
    data: { otp: codeAt(secret, Date.now()) },
  });
  expect(confirm.status(), 'two-factor sign-in turned on').toBe(200);
  return { secret, recoveryCodes: ((await confirm.json()) as { recoveryCodes: string[] }).recoveryCodes };
}
