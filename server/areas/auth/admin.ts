/**
 * Operator commands on the database, outside any request (scripts/admin-create.ts, scripts/staff.ts):
 *  - the first admin and workspace of a deployment: the account with a password now (prompted or from stdin), or,
 *    without one, the workspace and an admin invitation whose link sets the password (the same invite page a
 *    colleague gets, valid 5 days);
 *  - Questboard staff (accounts.is_tp_user: docs/workspace.md §Roles staff rights, e.g. changing any app's acquisition target) granted
 *    or revoked by e-mail.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isEmail, MAX } from '../../../src/contracts/codecs';
import { passwordProblem } from '../../../src/contracts/passwords';
import { normaliseWebsite } from '../../../src/contracts/workspace';
import { hashPassword, hashToken, newId, newToken } from '../../auth/crypto';

export interface FirstAdminInput {
  email: string;
  workspaceName: string;
  /** The workspace's website; default https://<the e-mail's domain>. */
  website?: string;
  firstName?: string;
  lastName?: string;
  /** The admin's password; absent: an invitation link sets it. */
  password?: string;
}

export type FirstAdminResult =
  | { kind: 'account'; accountId: string; workspaceId: string }
  | { kind: 'invite'; workspaceId: string; inviteLink: string };

/** A refusal of an operator command, said in words (the script prints it and exits 1). */
export class AdminCommandError extends Error {}

// oxlint-disable-next-line no-control-regex -- refusing control characters is the point
const lineProblem = (value: string, max: number) => value.length > max || /[\u0000-\u001f\u007f]/.test(value);

export async function createFirstAdmin(
  db: Kysely<Database>,
  input: FirstAdminInput,
  options: { publicUrl: string; internalDomains: string[]; now?: Date },
): Promise<FirstAdminResult> {
  const email = input.email.trim().toLowerCase();
  if (!isEmail(email)) throw new AdminCommandError(`"${input.email}" is not an e-mail address.`);
  const name = input.workspaceName.trim();
  if (!name || lineProblem(name, MAX.name))
    throw new AdminCommandError(`The workspace name must be one line of 1 to ${MAX.name} characters.`);
  const read = normaliseWebsite(input.website?.trim() || email.split('@')[1]!);
  if (!read.ok) throw new AdminCommandError(`"${input.website}" is not a website address: ${read.message}`);
  const website = read.value;
  const [firstName, lastName] = [input.firstName?.trim() ?? '', input.lastName?.trim() ?? ''];
  if (lineProblem(firstName, MAX.name) || lineProblem(lastName, MAX.name))
    throw new AdminCommandError(`Names must be one line of at most ${MAX.name} characters.`);
  const problem = input.password === undefined ? null : passwordProblem(input.password);
  if (problem) throw new AdminCommandError(problem);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const now = options.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst()) {
      throw new AdminCommandError(
        `${email} already has an account: sign in with it and create the workspace from Questboard.`,
      );
    }
    const workspaceId = newId();
    await trx
      .insertInto('workspaces')
      .values({ id: workspaceId, name, website, icon_file_id: null, allow_monetize: 0 })
      .execute();
    if (passwordHash === null) {
      const token = newToken();
      await trx
        .insertInto('invites')
        .values({
          id: newId(),
          workspace_id: workspaceId,
          email,
          role: 'admin',
          token_hash: hashToken(token),
          invited_by: null,
          sent_at: now,
          state: 'pending',
        })
        .execute();
      return { kind: 'invite', workspaceId, inviteLink: `${options.publicUrl.replace(/\/$/, '')}/invite/${token}` };
    }
    const accountId = newId();
    const staff = options.internalDomains.includes(email.split('@')[1]!);
    await trx
      .insertInto('accounts')
      .values({
        id: accountId,
        email,
        first_name: firstName,
        last_name: lastName,
        password_hash: passwordHash,
        is_tp_user: staff,
      })
      .execute();
    await trx
      .insertInto('memberships')
      .values({ workspace_id: workspaceId, account_id: accountId, role: 'admin' })
      .execute();
    return { kind: 'account', accountId, workspaceId };
  });
}

/** Grants or revokes Questboard staff rights; refused for an unknown e-mail. Answers whether anything changed. */
export async function setStaff(db: Kysely<Database>, email: string, staff: boolean): Promise<boolean> {
  const normalised = email.trim().toLowerCase();
  const account = await db
    .selectFrom('accounts')
    .select(['id', 'is_tp_user'])
    .where('email', '=', normalised)
    .executeTakeFirst();
  if (!account) throw new AdminCommandError(`No account has the e-mail ${normalised}.`);
  if (account.is_tp_user === staff) return false;
  await db.updateTable('accounts').set({ is_tp_user: staff }).where('id', '=', account.id).execute();
  return true;
}
