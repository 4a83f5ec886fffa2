/**
 * Team and invitations, the reference vertical slice (docs/team.md §Screens and routes team, §Member states invitation, §Rules and limits invite, §Roles, §Messages team), against
 * the rules in the header of server/areas/team/team.ts: admins manage everything; editors invite editors/viewers and
 * resend; viewers read; nobody changes their own role or removes themselves; a workspace keeps an admin; invite links
 * are bound to the invited address and refused when expired, revoked or used.
 *
 * The tests share one seeded database and run in order; each block leaves Demo Studio's seeded admin/editor/viewer
 * memberships as it found them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashToken } from '../../server/auth/crypto';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_WORKSPACE_ID,
  EXPIRED_INVITE_EMAIL,
  PENDING_INVITE_EMAIL,
  RIVAL_WORKSPACE_ID,
} from '../../server/demo/seed';
import { changeRole, removeFromTeam } from '../../server/areas/team/team';
import type { Account } from '../../src/contracts/auth';
import type { Role } from '../../src/contracts/codecs';
import { bearer, byText, createTestServer, signInAs, type TestServer } from './helpers';

type Who = 'admin' | 'editor' | 'viewer' | 'staff' | 'rival';
let server: TestServer;
const tokens = {} as Record<Who, string>;
const ids = {} as Record<Who, string>;

beforeAll(async () => {
  server = await createTestServer();
  for (const who of Object.keys(DEMO_ACCOUNTS) as Who[]) {
    tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
    ids[who] = await accountIdOf(DEMO_ACCOUNTS[who]);
  }
});
afterAll(() => server?.close());

const DAY = 24 * 60 * 60;
const INVITE_EXPIRY_SECONDS = 5 * DAY; // docs/team.md §Rules and limits: invite expiry 5 days
const MISSING_ROLE = 'access_missing_role_for_action'; // docs/team.md §Roles
const INVITE_ALREADY_SENT = 'An invite has already been sent to this email. Resend it from the team list.';
const INVITE_REFUSED = {
  expired: 'This invitation has expired. Ask your workspace admin to resend it.',
  accepted: 'This invitation has already been used. Sign in to continue.',
  revoked: 'This invitation was withdrawn by the workspace admin.',
  superseded: 'A newer invitation was sent to this email address. Open the link in the most recent invitation email.',
};
/** Team rows of pending invites carry `invite:<invite id>` as their accountId. */
const INVITE_ACCOUNT_PREFIX = 'invite:';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const TEAM = `/api/workspace/${DEMO_WORKSPACE_ID}/team`;

async function accountIdOf(email: string) {
  return (await server.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}
const post = (token: string | null, url: string, payload: unknown) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
async function team(token: string) {
  const res = await server.app.inject({ method: 'GET', url: TEAM, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json().accounts as Account[];
}
const invite = (token: string, email: string, role: Role) => post(token, `${TEAM}/invite`, { email, role });
const roleOf = async (accountId: string, workspaceId = DEMO_WORKSPACE_ID) =>
  (
    await server.db
      .selectFrom('memberships')
      .select('role')
      .where('workspace_id', '=', workspaceId)
      .where('account_id', '=', accountId)
      .executeTakeFirst()
  )?.role;
const inviteRows = (email: string) =>
  server.db
    .selectFrom('invites')
    .selectAll()
    .where('workspace_id', '=', DEMO_WORKSPACE_ID)
    .where('email', '=', email)
    .orderBy('sent_at', 'desc')
    .execute();
const outboxCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const preview = (token: string) => server.app.inject({ method: 'GET', url: `/api/invite/${token}` });
const accept = (token: string, body: Record<string, unknown>) => post(null, `/api/invite/${token}/accept`, body);
const backdate = (email: string, seconds: number) =>
  server.db
    .updateTable('invites')
    .set({ sent_at: new Date(Date.now() - seconds * 1000) })
    .where('workspace_id', '=', DEMO_WORKSPACE_ID)
    .where('email', '=', email)
    .where('state', '=', 'pending')
    .execute();

const latestMail = (email: string) =>
  server.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_email', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
/** The invite link of the latest mail to `email`: `{publicUrl}/invite/{token}`; returns the token. */
async function linkToken(email: string) {
  const mail = await latestMail(email);
  const publicUrl = server.app.questboard.config.publicUrl;
  const match = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.body);
  expect(match, mail.body).not.toBeNull();
  expect(mail.body).toContain(`${publicUrl}/invite/${match![1]}`);
  return match![1]!;
}

describe('GET team: the list', () => {
  test('members and invites with their states; internal staff hidden from demo users', async () => {
    const rows = await team(tokens.admin);
    const emails = rows.map((r) => r.workEmail);
    expect(emails).toEqual(
      expect.arrayContaining([
        DEMO_ACCOUNTS.admin,
        DEMO_ACCOUNTS.editor,
        DEMO_ACCOUNTS.viewer,
        PENDING_INVITE_EMAIL,
        EXPIRED_INVITE_EMAIL,
      ]),
    );
    expect(emails).not.toContain(DEMO_ACCOUNTS.staff);
    expect(emails).not.toContain(DEMO_ACCOUNTS.rival);
    expect(rows).toHaveLength(5);

    const editor = rows.find((r) => r.workEmail === DEMO_ACCOUNTS.editor)!;
    expect(editor).toMatchObject({
      accountId: ids.editor,
      role: 'editor',
      invitePending: false,
      inviteSentAt: null,
      inviteExpired: false,
      expiredOn: null,
    });
    expect(rows.find((r) => r.workEmail === DEMO_ACCOUNTS.admin)?.role).toBe('admin');

    const [pendingRow] = await inviteRows(PENDING_INVITE_EMAIL);
    const pending = rows.find((r) => r.workEmail === PENDING_INVITE_EMAIL)!;
    const sentAt = Math.floor(new Date(pendingRow!.sent_at).getTime() / 1000);
    expect(pending).toMatchObject({
      accountId: INVITE_ACCOUNT_PREFIX + pendingRow!.id,
      role: 'editor',
      invitePending: true,
      inviteExpired: false,
      inviteSentAt: sentAt,
      expiredOn: sentAt + INVITE_EXPIRY_SECONDS,
    });
    expect(pending.inviteSentAt!).toBeLessThan(nowSeconds() - DAY + 60); // seeded one day ago
    expect(pending.expiredOn!).toBeGreaterThan(nowSeconds());

    const expired = rows.find((r) => r.workEmail === EXPIRED_INVITE_EMAIL)!;
    expect(expired).toMatchObject({ role: 'viewer', invitePending: true, inviteExpired: true });
    expect(expired.expiredOn).toBe(expired.inviteSentAt! + 5 * DAY);
    expect(expired.expiredOn!).toBeLessThan(nowSeconds());
  });

  test('the staff user (internal domain) sees staff rows; viewers read the list without them', async () => {
    expect((await team(tokens.staff)).map((r) => r.workEmail)).toContain(DEMO_ACCOUNTS.staff);
    const seenByViewer = (await team(tokens.viewer)).map((r) => r.workEmail);
    expect(seenByViewer).toContain(DEMO_ACCOUNTS.viewer);
    expect(seenByViewer).not.toContain(DEMO_ACCOUNTS.staff);
  });

  test('invites to an internal domain are hidden the same way', async () => {
    expect((await invite(tokens.admin, 'new.hire@questboard.dev', 'viewer')).statusCode).toBe(200);
    expect((await team(tokens.admin)).map((r) => r.workEmail)).not.toContain('new.hire@questboard.dev');
    expect((await team(tokens.staff)).map((r) => r.workEmail)).toContain('new.hire@questboard.dev');
  });

  test('counts exclude pending invites, and hidden staff for customers (as the team list shows them)', async () => {
    const members = await server.db
      .selectFrom('memberships')
      .select('account_id')
      .where('workspace_id', '=', DEMO_WORKSPACE_ID)
      .execute();
    const pending = await server.db
      .selectFrom('invites')
      .select('id')
      .where('workspace_id', '=', DEMO_WORKSPACE_ID)
      .where('state', '=', 'pending')
      .execute();
    expect(pending.length).toBeGreaterThan(0);
    expect(members).toHaveLength(4);
    const count = async (who: Who) =>
      (
        (await server.app.inject({ method: 'GET', url: '/api/me', headers: bearer(tokens[who]) })).json() as Account
      ).organisations?.find((o) => o.id === DEMO_WORKSPACE_ID)?.accounts;
    expect(await count('admin')).toBe((await team(tokens.admin)).filter((row) => !row.invitePending).length);
    expect(await count('admin')).toBe(3);
    expect(await count('staff')).toBe(members.length);
  });

  test('a member of another workspace gets 404, anonymous 401', async () => {
    expect((await server.app.inject({ method: 'GET', url: TEAM, headers: bearer(tokens.rival) })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: TEAM })).statusCode).toBe(401);
  });
});

describe('POST team/invite', () => {
  const email = 'fresh.face@example.com';

  test('an admin invites: a pending invite row (token stored as hash) and an outbox mail with a /invite/<token> link', async () => {
    const mailsBefore = await outboxCount();
    const res = await invite(tokens.admin, 'Fresh.Face@Example.com', 'viewer');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Invite sent to Fresh.Face@Example.com.' });
    expect(await outboxCount()).toBe(mailsBefore + 1);

    const token = await linkToken(email);
    const [row] = await inviteRows(email);
    expect(row).toMatchObject({
      role: 'viewer',
      state: 'pending',
      invited_by: ids.admin,
      token_hash: hashToken(token),
    });
    expect(Math.abs(new Date(row!.sent_at).getTime() - Date.now())).toBeLessThan(10_000);

    const shown = await preview(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      email,
      workspaceId: DEMO_WORKSPACE_ID,
      workspaceName: 'Demo Studio',
      role: 'viewer',
      state: 'pending',
      hasAccount: false,
    });
    expect(Math.abs(shown.json().expiresAt - (nowSeconds() + INVITE_EXPIRY_SECONDS))).toBeLessThan(10);

    const listed = (await team(tokens.admin)).find((r) => r.workEmail === email);
    expect(listed).toMatchObject({ invitePending: true, inviteExpired: false, role: 'viewer' });
  });

  test('the e-mail says who invited you and with which role', async () => {
    const mail = await latestMail(email);
    expect(mail.subject).toBe('Ada Admin invited you to Demo Studio on Questboard');
    expect(mail.body).toContain(
      'Ada Admin (admin@demostudio.dev) invited you to join Demo Studio on Questboard as Viewer.',
    );
    expect((await invite(tokens.editor, 'made.admin.by.editor@example.com', 'editor')).statusCode).toBe(200);
    expect((await latestMail('made.admin.by.editor@example.com')).body).toContain(
      'Eddie Editor (editor@demostudio.dev) invited you to join Demo Studio on Questboard as Editor.',
    );
    expect((await invite(tokens.admin, 'made.admin@example.com', 'admin')).statusCode).toBe(200);
    expect((await latestMail('made.admin@example.com')).body).toContain('as Team Admin.');
  });

  test('a duplicate invite (any case) or inviting a member answers 409 and sends nothing', async () => {
    const mailsBefore = await outboxCount();
    const again = await invite(tokens.admin, email.toUpperCase(), 'editor');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: INVITE_ALREADY_SENT });
    expect(await inviteRows(email)).toHaveLength(1);
    const member = await invite(tokens.admin, DEMO_ACCOUNTS.editor, 'viewer');
    expect(member.statusCode).toBe(409);
    expect(await outboxCount()).toBe(mailsBefore);
  });

  test('an editor may not invite an admin (403) but may invite a viewer or an editor', async () => {
    const denied = await invite(tokens.editor, 'would.be.admin@example.com', 'admin');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(MISSING_ROLE);
    expect(await inviteRows('would.be.admin@example.com')).toEqual([]);

    for (const role of ['viewer', 'editor'] as const) {
      const address = `editor.invites.${role}@example.com`;
      const ok = await invite(tokens.editor, address, role);
      expect(ok.statusCode, role).toBe(200);
      expect((await inviteRows(address))[0]).toMatchObject({ role, invited_by: ids.editor, state: 'pending' });
    }
  });

  test('a viewer may not invite anyone (403 access_missing_role_for_action)', async () => {
    const mailsBefore = await outboxCount();
    const res = await invite(tokens.viewer, 'viewer.invites@example.com', 'viewer');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(MISSING_ROLE);
    expect(await inviteRows('viewer.invites@example.com')).toEqual([]);
    expect(await outboxCount()).toBe(mailsBefore);
  });

  test('email required and valid, role one of admin/editor/viewer: 400 naming the field', async () => {
    const badEmail = await post(tokens.admin, `${TEAM}/invite`, { email: 'not-an-email', role: 'viewer' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toContain('email');
    const noEmail = await post(tokens.admin, `${TEAM}/invite`, { role: 'viewer' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toContain('email');
    const badRole = await post(tokens.admin, `${TEAM}/invite`, { email: 'role@example.com', role: 'owner' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toContain('role');
    expect(await inviteRows('role@example.com')).toEqual([]);
  });
});

describe('POST team/resend', () => {
  const email = 'fresh.face@example.com';

  test('resending an expired invite sends a new link from the resender; the old link says a newer one was sent (410)', async () => {
    const oldToken = await linkToken(email);
    const [oldRow] = await inviteRows(email);
    await backdate(email, 8 * DAY);
    expect((await team(tokens.admin)).find((r) => r.workEmail === email)?.inviteExpired).toBe(true);
    expect((await preview(oldToken)).json().state).toBe('expired');

    const res = await post(tokens.editor, `${TEAM}/resend`, { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: `Invite resent to ${email}.` });

    const newToken = await linkToken(email);
    expect(newToken).not.toBe(oldToken);
    expect((await latestMail(email)).body).toContain(
      'Eddie Editor (editor@demostudio.dev) invited you to join Demo Studio on Questboard as Viewer.',
    );
    const old = await preview(oldToken);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ email, workspaceName: 'Demo Studio', state: 'superseded' });
    const late = await accept(oldToken, { firstName: 'Old', lastName: 'Link', password: 'long-enough-password' });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({
      success: false,
      code: 'invite_superseded',
      message: INVITE_REFUSED.superseded,
    });
    expect((await preview(newToken)).json()).toMatchObject({ email, state: 'pending' });

    // The replaced invite stays, marked and pointing at its successor; only the new one is pending.
    const [row, replaced] = await inviteRows(email);
    expect(replaced).toMatchObject({
      id: oldRow!.id,
      state: 'superseded',
      superseded_by: row!.id,
      token_hash: hashToken(oldToken),
      invited_by: ids.admin,
    });
    expect(row).toMatchObject({
      state: 'pending',
      role: 'viewer',
      invited_by: ids.editor,
      token_hash: hashToken(newToken),
    });
    expect(Math.abs(new Date(row!.sent_at).getTime() - Date.now())).toBeLessThan(10_000);
    const listed = (await team(tokens.admin)).filter((r) => r.workEmail === email);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ accountId: INVITE_ACCOUNT_PREFIX + row!.id, inviteExpired: false });
    expect(Math.abs(listed[0]!.inviteSentAt! - nowSeconds())).toBeLessThan(10);
  });

  test('viewers may not resend (403); an unknown invite is 404', async () => {
    const before = await inviteRows(email);
    expect(before.filter((r) => r.state === 'pending')).toHaveLength(1);
    const denied = await post(tokens.viewer, `${TEAM}/resend`, { email });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(MISSING_ROLE);
    expect(await inviteRows(email)).toEqual(before);
    expect((await post(tokens.admin, `${TEAM}/resend`, { email: 'never.invited@example.com' })).statusCode).toBe(404);
  });
});

describe('invite links: preview and accept', () => {
  const email = 'joiner@example.com';
  const password = 'a-long-enough-password';
  let token = '';

  test('GET /api/invite/:token previews the invite; an unknown token is 404', async () => {
    expect((await invite(tokens.admin, 'Joiner@Example.com', 'editor')).statusCode).toBe(200);
    token = await linkToken(email);
    const res = await preview(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email,
      workspaceId: DEMO_WORKSPACE_ID,
      workspaceName: 'Demo Studio',
      role: 'editor',
      state: 'pending',
      hasAccount: false,
    });
    expect((await preview('no-such-token-' + 'x'.repeat(30))).statusCode).toBe(404);
  });

  test('a password shorter than 10 characters answers 400 and creates nothing', async () => {
    const res = await accept(token, { firstName: 'Jo', lastName: 'Iner', password: 'x'.repeat(9) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password must be at least 10 characters.');
    expect(await server.db.selectFrom('accounts').select('id').where('email', '=', email).execute()).toEqual([]);
    expect((await preview(token)).json().state).toBe('pending');
  });

  test('a common password answers 400 in the shared rule’s words and creates nothing', async () => {
    const res = await accept(token, { firstName: 'Jo', lastName: 'Iner', password: 'Password123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This password is too common. Choose one that is harder to guess.');
    expect(await server.db.selectFrom('accounts').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  test('blank names answer 400 naming the fields', async () => {
    const res = await accept(token, { firstName: ' ', lastName: '', password });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/first name/i);
    expect((await preview(token)).json().state).toBe('pending');
  });

  test('accepting creates the account with exactly the invited email and the invited role, and signs it in', async () => {
    const res = await accept(token, {
      firstName: ' Jo ',
      lastName: 'Iner',
      password,
      email: 'mallory@evil.example',
      role: 'admin',
    });
    expect(res.statusCode).toBe(200);
    const { token: session, account } = res.json() as { token: string; account: Account };
    expect(account).toMatchObject({ workEmail: email, firstName: 'Jo', lastName: 'Iner', isTpUser: false });
    expect(account.organisations?.map((o) => [o.id, o.role])).toEqual([[DEMO_WORKSPACE_ID, 'editor']]);
    expect(
      await server.db.selectFrom('accounts').select('id').where('email', '=', 'mallory@evil.example').execute(),
    ).toEqual([]);
    expect(await roleOf(account.accountId)).toBe('editor');

    const me = await server.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session) });
    expect(me.statusCode).toBe(200);
    expect(me.json().workEmail).toBe(email);
    // The chosen password now signs in; the list shows a member, no longer an invite.
    await signInAs(server.app, email, password);
    const listed = (await team(tokens.admin)).filter((r) => r.workEmail === email);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ accountId: account.accountId, invitePending: false, role: 'editor' });
    expect((await inviteRows(email))[0]).toMatchObject({ state: 'accepted' });
  });

  test('accepting the same link twice answers 410', async () => {
    const res = await accept(token, { firstName: 'Jo', lastName: 'Iner', password });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ success: false, code: 'invite_accepted', message: INVITE_REFUSED.accepted });
    expect((await preview(token)).json().state).toBe('accepted');
    expect(await server.db.selectFrom('accounts').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });

  test('concurrent accepts of one link: one joins, the others get 410, one account', async () => {
    const racer = 'racer@example.com';
    expect((await invite(tokens.admin, racer, 'viewer')).statusCode).toBe(200);
    const racerToken = await linkToken(racer);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => accept(racerToken, { firstName: 'Ra', lastName: 'Cer', password })),
    );
    expect(answers.map((r) => r.statusCode).sort((a, b) => a - b)).toEqual([200, 410, 410]);
    for (const res of answers.filter((r) => r.statusCode === 410))
      expect(res.json()).toMatchObject({ code: 'invite_accepted', message: INVITE_REFUSED.accepted });
    expect(await server.db.selectFrom('accounts').select('id').where('email', '=', racer).execute()).toHaveLength(1);
    expect(await roleOf(await accountIdOf(racer))).toBe('viewer');
    expect((await post(tokens.admin, `${TEAM}/remove`, { email: racer })).statusCode).toBe(200);
  });

  test('an invite expires exactly 5 days after it was sent; an expired one answers 410', async () => {
    const late = 'late@example.com';
    expect((await invite(tokens.admin, late, 'viewer')).statusCode).toBe(200);
    const lateToken = await linkToken(late);

    await backdate(late, INVITE_EXPIRY_SECONDS - 120);
    expect((await team(tokens.admin)).find((r) => r.workEmail === late)?.inviteExpired).toBe(false);
    expect((await preview(lateToken)).json().state).toBe('pending');

    await backdate(late, INVITE_EXPIRY_SECONDS + 120);
    expect((await team(tokens.admin)).find((r) => r.workEmail === late)?.inviteExpired).toBe(true);
    expect((await preview(lateToken)).json().state).toBe('expired');
    const res = await accept(lateToken, { firstName: 'Late', lastName: 'Comer', password });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ success: false, code: 'invite_expired', message: INVITE_REFUSED.expired });
    expect(await server.db.selectFrom('accounts').select('id').where('email', '=', late).execute()).toEqual([]);
  });

  test('a revoked invite answers 410', async () => {
    const withdrawn = 'withdrawn@example.com';
    expect((await invite(tokens.admin, withdrawn, 'viewer')).statusCode).toBe(200);
    const withdrawnToken = await linkToken(withdrawn);
    const revoke = await post(tokens.admin, `${TEAM}/remove`, { email: withdrawn });
    expect(revoke.statusCode).toBe(200);
    expect((await inviteRows(withdrawn))[0]?.state).toBe('revoked');
    expect((await preview(withdrawnToken)).json().state).toBe('revoked');
    const res = await accept(withdrawnToken, { firstName: 'With', lastName: 'Drawn', password });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ success: false, code: 'invite_revoked', message: INVITE_REFUSED.revoked });
    expect(await server.db.selectFrom('accounts').select('id').where('email', '=', withdrawn).execute()).toEqual([]);
  });

  test("when the invited email already has an account, the preview says so and joining needs only that account's password", async () => {
    expect((await invite(tokens.admin, DEMO_ACCOUNTS.rival, 'viewer')).statusCode).toBe(200);
    const rivalToken = await linkToken(DEMO_ACCOUNTS.rival);
    expect((await preview(rivalToken)).json()).toMatchObject({
      email: DEMO_ACCOUNTS.rival,
      state: 'pending',
      hasAccount: true,
    });
    const accountsBefore = (await server.db.selectFrom('accounts').select('id').execute()).length;

    const wrong = await accept(rivalToken, { password: 'someone-elses-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      success: false,
      message: 'This email already has a Questboard account. Enter its password to join.',
    });
    expect(await roleOf(ids.rival)).toBeUndefined();
    expect((await preview(rivalToken)).json().state).toBe('pending');

    // No names asked for: the account keeps its own.
    const right = await accept(rivalToken, { password: DEMO_PASSWORD });
    expect(right.statusCode).toBe(200);
    const account = right.json().account as Account;
    expect(account).toMatchObject({ accountId: ids.rival, firstName: 'Rex', lastName: 'Rival' });
    expect(account.organisations?.map((o) => [o.id, o.role]).sort(byText)).toEqual(
      [
        [DEMO_WORKSPACE_ID, 'viewer'],
        [RIVAL_WORKSPACE_ID, 'admin'],
      ].sort(byText),
    );
    expect((await server.db.selectFrom('accounts').select('id').execute()).length).toBe(accountsBefore);
    // Leave Demo Studio as the seed had it for the blocks below.
    expect((await post(tokens.admin, `${TEAM}/remove`, { email: DEMO_ACCOUNTS.rival })).statusCode).toBe(200);
  });

  test('a new account still needs both names', async () => {
    const nameless = 'nameless@example.com';
    expect((await invite(tokens.admin, nameless, 'viewer')).statusCode).toBe(200);
    const res = await accept(await linkToken(nameless), { password: 'a-long-enough-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('First name and last name are required.');
    expect(await server.db.selectFrom('accounts').select('id').where('email', '=', nameless).execute()).toEqual([]);
    expect((await post(tokens.admin, `${TEAM}/remove`, { email: nameless })).statusCode).toBe(200);
  });
});

describe('POST team/role', () => {
  const joiner = 'joiner@example.com';

  test('an admin changes a member’s role; the member sees it', async () => {
    const joinerId = await accountIdOf(joiner);
    const res = await post(tokens.admin, `${TEAM}/role`, { accountId: joinerId, role: 'viewer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Role updated.' });
    expect(await roleOf(joinerId)).toBe('viewer');
    const joinerToken = await signInAs(server.app, joiner, 'a-long-enough-password');
    const me = (
      await server.app.inject({ method: 'GET', url: '/api/me', headers: bearer(joinerToken) })
    ).json() as Account;
    expect(me.organisations?.find((o) => o.id === DEMO_WORKSPACE_ID)?.role).toBe('viewer');
  });

  test('an admin changes the role of a pending invite through its invite: id', async () => {
    const [row] = await inviteRows(PENDING_INVITE_EMAIL);
    expect(row!.role).toBe('editor');
    const res = await post(tokens.admin, `${TEAM}/role`, { accountId: INVITE_ACCOUNT_PREFIX + row!.id, role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect((await inviteRows(PENDING_INVITE_EMAIL))[0]!.role).toBe('admin');
  });

  test.each(['editor', 'viewer'] as const)(
    'a %s may not change roles (403 access_missing_role_for_action)',
    async (who) => {
      const res = await post(tokens[who], `${TEAM}/role`, { accountId: ids.viewer, role: 'admin' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(MISSING_ROLE);
      expect(await roleOf(ids.viewer)).toBe('viewer');
    },
  );

  test('nobody changes their own role', async () => {
    const res = await post(tokens.admin, `${TEAM}/role`, { accountId: ids.admin, role: 'viewer' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: MISSING_ROLE, message: 'You cannot change your own role.' });
    expect(await roleOf(ids.admin)).toBe('admin');
  });

  test('an admin may demote another admin while one remains; unknown accounts are 404', async () => {
    expect((await post(tokens.admin, `${TEAM}/role`, { accountId: ids.staff, role: 'editor' })).statusCode).toBe(200);
    expect(await roleOf(ids.staff)).toBe('editor');
    expect((await post(tokens.admin, `${TEAM}/role`, { accountId: ids.staff, role: 'admin' })).statusCode).toBe(200);
    expect(await roleOf(ids.staff)).toBe('admin');
    // Not a member of this workspace (rival) and no account at all.
    expect((await post(tokens.admin, `${TEAM}/role`, { accountId: ids.rival, role: 'viewer' })).statusCode).toBe(404);
    expect(
      (await post(tokens.admin, `${TEAM}/role`, { accountId: 'no-such-account', role: 'viewer' })).statusCode,
    ).toBe(404);
    expect(await roleOf(ids.rival, RIVAL_WORKSPACE_ID)).toBe('admin');
  });

  test('last-admin protection: the last admin can be neither demoted nor removed', async () => {
    // Through the API the caller is always an admin who cannot target themselves, so another admin always remains;
    // the domain rule is the safety net, exercised here directly on Rival Games (one admin): a domain error of kind
    // conflict (409 through the API).
    const ctx = server.app.questboard;
    await expect(changeRole(ctx, RIVAL_WORKSPACE_ID, 'some-other-admin', ids.rival, 'editor')).rejects.toMatchObject({
      kind: 'conflict',
      message: 'A workspace needs at least one admin.',
    });
    await expect(
      removeFromTeam(ctx, RIVAL_WORKSPACE_ID, 'some.other.admin@rivalgames.dev', DEMO_ACCOUNTS.rival),
    ).rejects.toMatchObject({ kind: 'conflict', message: 'A workspace needs at least one admin.' });
    expect(await roleOf(ids.rival, RIVAL_WORKSPACE_ID)).toBe('admin');
  });
});

describe('POST team/remove', () => {
  const joiner = 'joiner@example.com';

  test.each(['editor', 'viewer'] as const)('a %s may not remove anyone (403)', async (who) => {
    const res = await post(tokens[who], `${TEAM}/remove`, { email: joiner });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(MISSING_ROLE);
    expect(await roleOf(await accountIdOf(joiner))).toBe('viewer');
  });

  test('nobody removes themselves', async () => {
    const res = await post(tokens.admin, `${TEAM}/remove`, { email: DEMO_ACCOUNTS.admin.toUpperCase() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: MISSING_ROLE, message: 'You cannot remove yourself from the team.' });
    expect(await roleOf(ids.admin)).toBe('admin');
  });

  test('an admin removes a member: the membership is gone and the workspace is 404 for them', async () => {
    const joinerId = await accountIdOf(joiner);
    const joinerToken = await signInAs(server.app, joiner, 'a-long-enough-password');
    const res = await post(tokens.admin, `${TEAM}/remove`, { email: joiner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: `${joiner} was removed from the team.` });
    expect(await roleOf(joinerId)).toBeUndefined();
    expect((await team(tokens.admin)).map((r) => r.workEmail)).not.toContain(joiner);
    const me = (
      await server.app.inject({ method: 'GET', url: '/api/me', headers: bearer(joinerToken) })
    ).json() as Account;
    expect(me.organisations).toEqual([]);
    expect((await server.app.inject({ method: 'GET', url: TEAM, headers: bearer(joinerToken) })).statusCode).toBe(404);
  });

  test('an admin revokes a pending invite; it leaves the list', async () => {
    const res = await post(tokens.admin, `${TEAM}/remove`, { email: PENDING_INVITE_EMAIL });
    expect(res.statusCode).toBe(200);
    expect((await inviteRows(PENDING_INVITE_EMAIL))[0]!.state).toBe('revoked');
    expect((await team(tokens.admin)).map((r) => r.workEmail)).not.toContain(PENDING_INVITE_EMAIL);
  });

  test('an unknown email is 404', async () => {
    expect((await post(tokens.admin, `${TEAM}/remove`, { email: 'stranger@example.com' })).statusCode).toBe(404);
  });
});

describe('invited by … on …', () => {
  test('each invite and member names who invited them and when: from the activity log, else the invitation', async () => {
    const email = 'invited.by@example.com';
    expect((await invite(tokens.editor, email, 'viewer')).statusCode).toBe(200);
    const rows = await team(tokens.viewer);
    const invited = rows.find((row) => row.workEmail === email)!;
    expect(invited.invitedBy).toBe('Eddie Editor');
    expect(Math.abs(invited.invitedAt! - nowSeconds())).toBeLessThan(60);
    // An invitation from before the log existed: its own sender and day.
    const oldEmail = 'before.the.log@example.com';
    await server.db
      .insertInto('invites')
      .values({
        id: 'invite-before-log',
        workspace_id: DEMO_WORKSPACE_ID,
        email: oldEmail,
        role: 'viewer',
        token_hash: hashToken('before-the-log'),
        invited_by: ids.admin,
        sent_at: new Date(Date.now() - DAY * 1000),
        state: 'pending',
      })
      .execute();
    const old = (await team(tokens.viewer)).find((row) => row.workEmail === oldEmail)!;
    expect(old.invitedBy).toBe('Ada Admin');
    expect(Math.abs(old.invitedAt! - (nowSeconds() - DAY))).toBeLessThan(60);
    // The demo's founding members were never invited: nothing is made up.
    expect(rows.find((row) => row.workEmail === DEMO_ACCOUNTS.admin)!.invitedBy).toBeUndefined();
  });
});
