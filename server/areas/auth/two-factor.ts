/**
 * Two-factor sign-in (docs/accounts.md §Two-factor sign-in): TOTP with otpauth (RFC 6238: 30 s, 6 digits, one step
 * either side, compared in constant time by otpauth), the secret sealed with the server key (CREDENTIALS_KEY) and
 * pending until a typed code confirms it; a code works once (the last accepted step is kept). Ten recovery codes are
 * shown once and kept as SHA-256, each working once. Every typed code counts against the code limit.
 */
import { randomInt } from 'node:crypto';
import { Secret, TOTP as Totp } from 'otpauth';
import type { ServerContext } from '../../context';
import { inTransaction } from '../../context';
import { conflict, gone, invalid, unauthenticated } from '../../errors';
import { hashToken, verifyPassword } from '../../auth/crypto';
import {
  ALREADY_ON,
  CHALLENGE_EXPIRED,
  CHALLENGE_EXPIRED_CODE,
  RECOVERY_CODE_COUNT,
  SET_UP_ENDED,
  TOTP,
  WRONG_CODE,
  WRONG_CODE_CODE,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '../../../src/contracts/two-factor';
import {
  assertCodeAttemptAllowed,
  assertPasswordAttemptAllowed,
  createSession,
  recordCodeAttempt,
  recordPasswordAttempt,
  type Client,
} from './auth';
import { emitForAccount, sameHash } from './account';

export const WRONG_PASSWORD = 'Your password is not correct.';

const totpOf = (secret: string, label: string) =>
  new Totp({
    issuer: TOTP.issuer,
    label,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.period,
    secret: Secret.fromBase32(secret),
  });

/** Spaces and dashes dropped, lower case: how a typed code (6 digits or a recovery code) is compared. */
const normalised = (otp: string) => otp.replace(/[\s-]/g, '').toLowerCase();
const isTotpCode = (otp: string) => new RegExp(`^\\d{${TOTP.digits}}$`).test(otp);

/** The 30-second step a code is valid for at this time (one step either side), or null. */
function stepOf(ctx: ServerContext, secret: string, label: string, code: string): number | null {
  const now = ctx.now().getTime();
  const delta = totpOf(secret, label).validate({ token: code, timestamp: now, window: TOTP.window });
  return delta === null ? null : Math.floor(now / 1000 / TOTP.period) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** A recovery code as shown: two groups of five characters (about 49 random bits). */
function newRecoveryCode() {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

async function twoFactorRow(ctx: ServerContext, accountId: string) {
  return ctx.db.selectFrom('account_two_factor').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

export async function twoFactorStatus(ctx: ServerContext, accountId: string): Promise<TwoFactorStatus> {
  const row = await twoFactorRow(ctx, accountId);
  const left = await ctx.db
    .selectFrom('account_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled: !!row?.enabled_at, recoveryCodesLeft: row?.enabled_at ? Number(left.n) : 0 };
}

/**
 * Accepts a typed code for an account with two-factor sign-in on: a TOTP code of a step after the last one used, or an
 * unused recovery code (compared in constant time with every unused one). Claims what it accepts; false otherwise.
 */
async function acceptCode(ctx: ServerContext, accountId: string, email: string, otp: string): Promise<boolean> {
  const code = normalised(otp);
  const row = await twoFactorRow(ctx, accountId);
  if (!row?.enabled_at) return false;
  if (isTotpCode(code)) {
    const step = stepOf(ctx, ctx.providers.secrets.open(row.secret_sealed), email, code);
    if (step === null) return false;
    const claimed = await ctx.db
      .updateTable('account_two_factor')
      .set({ last_step: step })
      .where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', String(step))]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }
  const typed = hashToken(code);
  const unused = await ctx.db
    .selectFrom('account_recovery_codes')
    .select('code_hash')
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .execute();
  let match: string | null = null;
  for (const { code_hash } of unused) if (sameHash(code_hash, typed)) match = code_hash;
  if (!match) return false;
  const claimed = await ctx.db
    .updateTable('account_recovery_codes')
    .set({ used_at: ctx.now() })
    .where('account_id', '=', accountId)
    .where('code_hash', '=', match)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

// ------------------------------------------------------------------------------------------------ sign-in

/** The code step of a sign-in: the challenge (410 when used or expired), the code (limited), then the session. */
export async function signInWithCode(ctx: ServerContext, challengeToken: string, otp: string, client: Client) {
  const tokenHash = hashToken(challengeToken);
  const challenge = await ctx.db
    .selectFrom('sign_in_challenges')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (
    !challenge ||
    !sameHash(challenge.token_hash, tokenHash) ||
    challenge.used_at ||
    new Date(challenge.expires_at).getTime() <= ctx.now().getTime()
  )
    throw gone(CHALLENGE_EXPIRED, CHALLENGE_EXPIRED_CODE);
  await assertCodeAttemptAllowed(ctx, challenge.email, client.ip);
  const ok = await acceptCode(ctx, challenge.account_id, challenge.email, otp);
  await recordCodeAttempt(ctx, challenge.email, client.ip, ok);
  if (!ok) throw unauthenticated(WRONG_CODE, WRONG_CODE_CODE);
  return inTransaction(ctx, async (tx) => {
    const claimed = await tx.db
      .updateTable('sign_in_challenges')
      .set({ used_at: tx.now() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw gone(CHALLENGE_EXPIRED, CHALLENGE_EXPIRED_CODE);
    return { accountId: challenge.account_id, token: await createSession(tx, challenge.account_id, client) };
  });
}

// ------------------------------------------------------------------------------------------------ account page

/** A new secret, pending until confirmed with a code (a set-up started again replaces it); 409 when already on. */
export async function startEnrolment(
  ctx: ServerContext,
  caller: { accountId: string; email: string },
): Promise<TwoFactorEnrolment> {
  const row = await twoFactorRow(ctx, caller.accountId);
  if (row?.enabled_at) throw conflict(ALREADY_ON, 'two_factor_on');
  const secret = new Secret({ size: 20 }).base32;
  const sealed = ctx.providers.secrets.seal(secret);
  await ctx.db
    .insertInto('account_two_factor')
    .values({ account_id: caller.accountId, secret_sealed: sealed, enabled_at: null, last_step: null })
    .onConflict((oc) =>
      oc.column('account_id').doUpdateSet({ secret_sealed: sealed, enabled_at: null, last_step: null }),
    )
    .execute();
  return { secret, uri: totpOf(secret, caller.email).toString() };
}

/** Confirms the pending secret with a typed code: two-factor sign-in is on, and the recovery codes are answered once. */
export async function confirmEnrolment(
  ctx: ServerContext,
  caller: { accountId: string; email: string },
  otp: string,
  ip: string,
) {
  const row = await twoFactorRow(ctx, caller.accountId);
  if (row?.enabled_at) throw conflict(ALREADY_ON, 'two_factor_on');
  if (!row) throw conflict(SET_UP_ENDED, 'no_enrolment');
  await assertCodeAttemptAllowed(ctx, caller.email, ip);
  const code = normalised(otp);
  const step = isTotpCode(code) ? stepOf(ctx, ctx.providers.secrets.open(row.secret_sealed), caller.email, code) : null;
  await recordCodeAttempt(ctx, caller.email, ip, step !== null);
  if (step === null) throw invalid(WRONG_CODE, ['otp'], 'wrong_code');
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return inTransaction(ctx, async (tx) => {
    const enabled = await tx.db
      .updateTable('account_two_factor')
      .set({ enabled_at: tx.now(), last_step: step })
      .where('account_id', '=', caller.accountId)
      .where('secret_sealed', '=', row.secret_sealed)
      .where('enabled_at', 'is', null)
      .executeTakeFirst();
    if (Number(enabled.numUpdatedRows) === 0) throw conflict(SET_UP_ENDED, 'no_enrolment');
    await tx.db.deleteFrom('account_recovery_codes').where('account_id', '=', caller.accountId).execute();
    await tx.db
      .insertInto('account_recovery_codes')
      .values(recoveryCodes.map((c) => ({ account_id: caller.accountId, code_hash: hashToken(normalised(c)) })))
      .execute();
    await emitForAccount(tx, 'account.two_factor_enabled', caller.accountId, [
      { field: 'two-factor sign-in', before: 'off', after: 'on' },
    ]);
    await tx.providers.mailer.send(tx.db, {
      to: caller.email,
      subject: 'Two-factor sign-in is on',
      body:
        `Two-factor sign-in was turned on for your Questboard account ${caller.email}: signing in now asks for a ` +
        `code from your authenticator app after the password.\n\nIf this was not you, reset your password now: ` +
        `${tx.config.publicUrl}/forgot-password`,
    });
    return { success: true as const, recoveryCodes };
  });
}

/** Turns two-factor sign-in off: needs the password (limited like a sign-in) and a code or a recovery code. */
export async function disableTwoFactor(
  ctx: ServerContext,
  caller: { accountId: string; email: string },
  password: string,
  otp: string,
  ip: string,
) {
  await assertPasswordAttemptAllowed(ctx, caller.email, ip);
  const account = await ctx.db
    .selectFrom('accounts')
    .select('password_hash')
    .where('id', '=', caller.accountId)
    .executeTakeFirstOrThrow();
  const passwordOk = await verifyPassword(password, account.password_hash);
  await recordPasswordAttempt(ctx, caller.email, ip, passwordOk);
  if (!passwordOk) throw invalid(WRONG_PASSWORD, ['password'], 'wrong_password');
  await assertCodeAttemptAllowed(ctx, caller.email, ip);
  const codeOk = await acceptCode(ctx, caller.accountId, caller.email, otp);
  await recordCodeAttempt(ctx, caller.email, ip, codeOk);
  if (!codeOk) throw invalid(WRONG_CODE, ['otp'], 'wrong_code');
  return inTransaction(ctx, async (tx) => {
    await tx.db.deleteFrom('account_two_factor').where('account_id', '=', caller.accountId).execute();
    await tx.db.deleteFrom('account_recovery_codes').where('account_id', '=', caller.accountId).execute();
    await emitForAccount(tx, 'account.two_factor_disabled', caller.accountId, [
      { field: 'two-factor sign-in', before: 'on', after: 'off' },
    ]);
    await tx.providers.mailer.send(tx.db, {
      to: caller.email,
      subject: 'Two-factor sign-in was turned off',
      body:
        `Two-factor sign-in was turned off for your Questboard account ${caller.email}: signing in now needs only ` +
        `the password.\n\nIf this was not you, reset your password now and turn it on again: ` +
        `${tx.config.publicUrl}/forgot-password`,
    });
    return { success: true as const };
  });
}
