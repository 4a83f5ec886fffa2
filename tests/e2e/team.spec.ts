/**
 * Team, the reference vertical slice (docs/team.md §Screens and routes team, §Member states invitation, §Rules and limits invite, §Roles roles, §Messages team messages): the
 * seeded invite states, hidden staff, the invite dialog's errors, accepting an invite in a second browser context
 * and signing in as the new member, the viewer's view-only page, changing a role and removing a member.
 * Every test invites its own uniquely named people, so the seeded users stay as they are for the other specs.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { Shell } from './pages/shell.page';
import { TeamPage, VIEW_ONLY_MESSAGE } from './pages/team.page';
import { signInByApi } from './pages/session';
import { InvitePage, acceptInviteByApi, inviteByApi } from './pages/invite.page';
import { inviteLinkFor } from './pages/mailbox';
import {
  appsPath,
  DEMO_WORKSPACE,
  EXPIRED_INVITE_EMAIL,
  PENDING_INVITE_EMAIL,
  STAFF_EMAIL,
  teamPath,
  uniqueEmail,
} from './pages/demo';

// The tests are independent (fresh contexts, unique emails): let both workers share them.
test.describe.configure({ mode: 'parallel' });

async function openTeamAs(page: Page, email: string) {
  await signInByApi(page, email);
  const team = new TeamPage(page);
  await team.goto();
  return team;
}

test('the admin sees the seeded invite states and no staff account', async ({ page }) => {
  const team = await openTeamAs(page, DEMO_ACCOUNTS.admin);

  const expired = team.row(EXPIRED_INVITE_EMAIL);
  await expect(expired.getByText('Expired', { exact: true })).toBeVisible();
  await expect(expired.getByText(/^Expired .+ ago$/)).toBeVisible();

  const pending = team.row(PENDING_INVITE_EMAIL);
  await expect(pending.getByText('Invite Sent', { exact: true })).toBeVisible();
  await expect(pending.getByText(/^Invited by Ada Admin on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(pending.getByText(/^Expires in .+$/)).toBeVisible();

  // Roles read 'Team Admin' / 'Editor' / 'Viewer'.
  await expect(team.row(DEMO_ACCOUNTS.admin).getByText('Team Admin', { exact: true })).toBeVisible();
  await expect(team.row(DEMO_ACCOUNTS.editor).getByText('Editor', { exact: true })).toBeVisible();
  await expect(team.row(DEMO_ACCOUNTS.viewer).getByText('Viewer', { exact: true })).toBeVisible();
  await expect(team.row(DEMO_ACCOUNTS.viewer).getByText('Active', { exact: true })).toBeVisible();

  // docs/team.md §Roles: accounts on the internal domains are hidden from users who are not on one; counts leave invites out.
  await expect(page.getByText(STAFF_EMAIL)).toHaveCount(0);
  const active = await team.table.getByText('Active', { exact: true }).count();
  await expect(page.getByTestId('member-count')).toHaveText(`${active} members`);

  // Nobody gets a menu on their own row; the admin gets one on the others.
  await expect(team.row(DEMO_ACCOUNTS.admin).getByRole('button')).toHaveCount(0);
  await expect(team.rowMenuButton(DEMO_ACCOUNTS.editor)).toBeVisible();
  await expect(team.rowMenuButton(PENDING_INVITE_EMAIL)).toBeVisible();
});

test('the viewer cannot manage the team', async ({ page }) => {
  const team = await openTeamAs(page, DEMO_ACCOUNTS.viewer);

  await expect(team.inviteButton).toBeDisabled();
  await team.inviteButton.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toHaveText(VIEW_ONLY_MESSAGE);
  await expect(tooltip).toBeInViewport({ ratio: 1 }); // all of it readable, not cut off at the screen edge

  await expect(team.row(DEMO_ACCOUNTS.admin)).toBeVisible();
  await expect(team.row(DEMO_ACCOUNTS.viewer).getByText('Viewer', { exact: true })).toBeVisible();
  await expect(team.rowMenuButtons).toHaveCount(0);
  await expect(page.getByText(STAFF_EMAIL)).toHaveCount(0);
});

test.describe('narrow screen (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the viewer sees stacked cards without menus, and the whole view-only tooltip', async ({ page }) => {
    await signInByApi(page, DEMO_ACCOUNTS.viewer);
    const team = new TeamPage(page);
    await page.goto(teamPath());
    const cards = page.getByRole('list', { name: 'Team members and pending invites' });
    await expect(
      cards.getByRole('listitem').filter({ hasText: EXPIRED_INVITE_EMAIL }).getByText('Expired', { exact: true }),
    ).toBeVisible();
    await expect(team.table).toHaveCount(0);
    await expect(team.rowMenuButtons).toHaveCount(0);

    await expect(team.inviteButton).toBeDisabled();
    await team.inviteButton.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveText(VIEW_ONLY_MESSAGE);
    await expect(tooltip).toBeInViewport({ ratio: 1 });
  });
});

test('the editor gets no menu on their own row', async ({ page }) => {
  const team = await openTeamAs(page, DEMO_ACCOUNTS.editor);
  await expect(team.row(DEMO_ACCOUNTS.editor)).toBeVisible();
  await expect(team.row(DEMO_ACCOUNTS.editor).getByRole('button')).toHaveCount(0);
  // Editors resend invites, so pending rows have a menu; the editor cannot act on members.
  await expect(team.rowMenuButton(PENDING_INVITE_EMAIL)).toBeVisible();
});

test('the invite dialog shows the validation error and the server error', async ({ page }) => {
  const team = await openTeamAs(page, DEMO_ACCOUNTS.admin);

  const dialog = await team.openInviteDialog();
  // docs/team.md §Rules and limits: role defaults to admin.
  await expect(dialog.getByLabel('Role', { exact: true })).toHaveValue('admin');

  await team.submitInvite('');
  await expect(dialog.getByText('Email is required.', { exact: true })).toBeVisible();
  await team.submitInvite('not-an-email');
  await expect(dialog.getByText('Enter a valid email address.', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await team.inviteDialog.expectOpen();

  // An existing member: the server refuses, and its message shows in red in the dialog (docs/team.md §Messages).
  await team.submitInvite(DEMO_ACCOUNTS.editor, 'viewer');
  const serverError = dialog.getByRole('alert');
  await expect(serverError).toHaveText('This user is already a member of the workspace.');
  const color = await serverError.evaluate((el) => getComputedStyle(el).color);
  expect(isRed(color), `server error colour ${color}`).toBe(true);
  await team.inviteDialog.expectOpen();

  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await team.inviteDialog.expectClosed();
  await expect(team.row(DEMO_ACCOUNTS.editor).getByText('Editor', { exact: true })).toBeVisible();
});

test('dialogs focus their first field or the panel, and close on Escape and on a click outside', async ({ page }) => {
  const team = await openTeamAs(page, DEMO_ACCOUNTS.admin);

  const invite = await team.openInviteDialog();
  await expect(invite.getByLabel('Email', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await team.inviteDialog.expectClosed();

  // A confirmation has no field: the panel (the dialog itself) takes the focus, with no outline.
  const remove = await team.openRemove(DEMO_ACCOUNTS.viewer);
  await expect(remove.root).toBeFocused();
  await expect(remove.root).toHaveCSS('outline-style', 'none');
  const box = await remove.root.boundingBox();
  expect(box, 'the dialog has the size of its panel').not.toBeNull();
  await page.mouse.click(Math.max(1, box!.x / 2), Math.max(1, box!.y / 2));
  await remove.expectClosed();
  await expect(team.row(DEMO_ACCOUNTS.viewer)).toBeVisible();
});

test('invite a new user, accept in a second browser context, then sign in as them', async ({ page, browser }) => {
  test.setTimeout(60_000); // a long journey over two browser contexts; the machine is shared
  const email = uniqueEmail('invitee');
  const password = 'joined-by-e2e-1';
  const team = new TeamPage(page);

  const link = await test.step('the admin invites a new editor', async () => {
    await signInByApi(page, DEMO_ACCOUNTS.admin);
    await team.goto();
    await team.invite(email, 'editor');
    await expect(new Shell(page).snackbar(`Invite sent to ${email}.`)).toBeVisible();
    await expect(team.row(email).getByText(/^Expires in .+$/)).toBeVisible();
    await expect(team.row(email).getByText('Not joined yet', { exact: true })).toBeVisible();
    const mailed = await inviteLinkFor(email);
    expect(new URL(mailed).pathname).toMatch(/^\/invite\/[A-Za-z0-9_-]{20,}$/);
    return mailed;
  });

  const context = await browser.newContext();
  try {
    const guest = await context.newPage();
    const shell = new Shell(guest);

    await test.step('the invitee opens the link in another browser and joins', async () => {
      const invite = new InvitePage(guest);
      await invite.open(link, DEMO_WORKSPACE.name);
      await expect(guest.getByLabel('Email', { exact: true })).toHaveValue(email);
      await invite.join('Ivy', 'Invitee', password);
      await expect(guest).toHaveURL(appsPath(DEMO_WORKSPACE.id));
      await expect(guest.getByRole('heading', { name: 'Apps', exact: true })).toBeVisible();
      await expect(shell.navLink('Team')).toBeVisible();
      await expect(shell.navLink('Billing')).toHaveCount(0); // joined as editor
    });

    await test.step('the new member signs out, then in with the new password', async () => {
      await shell.logout();
      await expect(guest).toHaveURL(/\/continue$/);
      // On the sign-in page the logout landed on.
      await guest.getByLabel('Email', { exact: true }).fill(email);
      await guest.getByLabel('Password', { exact: true }).fill(password);
      await guest.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(guest).toHaveURL(appsPath(DEMO_WORKSPACE.id));
      await expect(shell.workspaceSelector(DEMO_WORKSPACE.name)).toBeVisible();
    });

    await test.step('the used link is refused', async () => {
      await guest.goto(link);
      await expect(guest.getByRole('heading', { name: 'This invitation was already used' })).toBeVisible();
    });
  } finally {
    await context.close();
  }

  await test.step("the admin's list shows the new member, active, under their name", async () => {
    await team.goto();
    await expect(team.row(email).getByText('Ivy Invitee', { exact: true })).toBeVisible();
    await expect(team.row(email).getByText('Active', { exact: true })).toBeVisible();
    await expect(team.row(email).getByText('Editor', { exact: true })).toBeVisible();
  });
});

test('an invitation accepted while someone else is signed in switches the session without a reload', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('switch');
  const adminToken = await signInByApi(page, DEMO_ACCOUNTS.admin);
  await inviteByApi(request, adminToken, DEMO_WORKSPACE.id, email, 'viewer');
  const link = await inviteLinkFor(email);

  const invite = new InvitePage(page);
  await invite.open(link, DEMO_WORKSPACE.name);
  await expect(page.getByRole('status')).toHaveText(
    `You are signed in as ${DEMO_ACCOUNTS.admin}. Joining signs you in as ${email}.`,
  );
  await page.evaluate(() => ((window as unknown as { e2eSameDocument: boolean }).e2eSameDocument = true));
  await invite.join('Sam', 'Switcher', 'switched-by-e2e-1');

  await expect(page).toHaveURL(appsPath(DEMO_WORKSPACE.id));
  await expect(page.getByRole('heading', { name: 'Apps', exact: true })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument),
    'no page reload',
  ).toBe(true);
  const shell = new Shell(page);
  expect(await shell.token()).not.toBe(adminToken);
  expect((await shell.apiGet<{ workEmail: string }>('/api/me')).workEmail).toBe(email);
  // The replaced admin session is revoked on the server, not just forgotten by the browser.
  await expect
    .poll(async () => (await request.get('/api/me', { headers: { authorization: `Bearer ${adminToken}` } })).status())
    .toBe(401);
  // The shell is the viewer's now: no Billing (admin only).
  await expect(shell.navLink('Team')).toBeVisible();
  await expect(shell.navLink('Billing')).toHaveCount(0);
});

test('the admin changes a member role and removes the member after confirming', async ({ page, request }) => {
  test.setTimeout(45_000); // change role, cancel and confirm a removal, reload: a long journey
  // A fresh member (invited and joined through the API; the UI of both is tested above), so seeded users stay intact.
  const email = uniqueEmail('member');
  const token = await signInByApi(page, DEMO_ACCOUNTS.admin);
  await inviteByApi(request, token, DEMO_WORKSPACE.id, email, 'viewer');
  await acceptInviteByApi(request, await inviteLinkFor(email), {
    firstName: 'Milo',
    lastName: 'Member',
    password: 'member-by-e2e-1',
  });
  const team = new TeamPage(page);
  await team.goto();
  const row = team.row(email);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('Viewer', { exact: true })).toBeVisible();
  await expect(team.rowMenuButton(email)).toHaveAccessibleName('Actions for Milo Member');

  await team.changeRole(email, 'editor');
  await expect(new Shell(page).snackbar('Role updated.')).toBeVisible();
  await expect(row.getByText('Editor', { exact: true })).toBeVisible();

  // Cancelling the confirmation keeps the member.
  let confirm = await team.openRemove(email);
  await expect(
    confirm.root.getByText(`Are you sure you want to remove Milo Member from ${DEMO_WORKSPACE.name}?`, {
      exact: false,
    }),
  ).toBeVisible();
  await confirm.root.getByRole('button', { name: 'Cancel', exact: true }).click();
  await confirm.expectClosed();
  await expect(row).toBeVisible();

  confirm = await team.openRemove(email);
  await confirm.root.getByRole('button', { name: 'Remove', exact: true }).click();
  await confirm.expectClosed();
  await expect(new Shell(page).snackbar(`${email} was removed from the team.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Still gone after a reload: the server removed the membership.
  await team.goto();
  await expect(team.row(email)).toHaveCount(0);
});

test("a resent invite's old link says a newer invitation was sent", async ({ page, request }) => {
  const email = uniqueEmail('resent');
  const adminToken = await signInByApi(page, DEMO_ACCOUNTS.admin);
  await inviteByApi(request, adminToken, DEMO_WORKSPACE.id, email, 'viewer');
  const first = await inviteLinkFor(email);
  const resent = await request.post(`/api/workspace/${DEMO_WORKSPACE.id}/team/resend`, {
    data: { email },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(resent.status()).toBe(200);
  await expect.poll(() => inviteLinkFor(email)).not.toBe(first);
  await page.goto(first);
  await expect(
    page.getByRole('heading', { name: `A newer invitation was sent to ${email}`, exact: true }),
  ).toBeVisible();
  await expect(
    page.getByText(
      'A newer invitation was sent to this email address. Open the link in the most recent invitation email.',
    ),
  ).toBeVisible();
});

test('a role change and a removal reach a signed-in member without a reload', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('follows');
  const adminToken = (
    await (
      await request.post('/api/auth/sign-in', { data: { email: DEMO_ACCOUNTS.admin, password: 'questboard-demo' } })
    ).json()
  ).token as string;
  const auth = { authorization: `Bearer ${adminToken}` };
  await inviteByApi(request, adminToken, DEMO_WORKSPACE.id, email, 'viewer');
  await acceptInviteByApi(request, await inviteLinkFor(email), {
    firstName: 'Flo',
    lastName: 'Follows',
    password: 'follows-by-e2e-1',
  });
  const team = (await (await request.get(`/api/workspace/${DEMO_WORKSPACE.id}/team`, { headers: auth })).json())
    .accounts as Array<{ accountId: string; workEmail: string }>;
  const accountId = team.find((row) => row.workEmail === email)!.accountId;

  await page.clock.install();
  await signInByApi(page, email, 'follows-by-e2e-1');
  await page.goto(appsPath(DEMO_WORKSPACE.id));
  const shell = new Shell(page);
  await expect(shell.navLink('Team')).toBeVisible();
  await expect(shell.navLink('Billing')).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { e2eSameDocument: boolean }).e2eSameDocument = true));

  // Promoted to admin elsewhere: back in the window (the last read is older than the focus throttle), the menu follows.
  expect(
    (
      await request.post(`/api/workspace/${DEMO_WORKSPACE.id}/team/role`, {
        data: { accountId, role: 'admin' },
        headers: auth,
      })
    ).status(),
  ).toBe(200);
  await page.clock.fastForward('00:31');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(shell.snackbar(`Your role in ${DEMO_WORKSPACE.name} is now Team Admin.`)).toBeVisible();
  await expect(shell.navLink('Billing')).toBeVisible();

  // Removed: the next call about the workspace answers 404, and the member is taken out with a notice.
  expect(
    (
      await request.post(`/api/workspace/${DEMO_WORKSPACE.id}/team/remove`, { data: { email }, headers: auth })
    ).status(),
  ).toBe(200);
  await shell.navLink('Team').click();
  await expect(shell.snackbar(`You are no longer a member of ${DEMO_WORKSPACE.name}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/workspace\/home$/);
  await expect(page.getByText("User don't have workspace. Please create one.")).toBeVisible();
  await expect(page.getByText('Workspace not found!')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument),
    'no page reload',
  ).toBe(true);
});

/** True for a clearly red colour (rgb() or the oklch() Tailwind 4 computes). */
function isRed(color: string): boolean {
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (rgb) {
    const [r, g, b] = rgb.slice(1).map(Number) as [number, number, number];
    return r > 120 && r > g * 1.5 && r > b * 1.3;
  }
  const oklch = /^oklch\(([\d.]+)%?\s+([\d.]+)\s+([\d.]+)/.exec(color);
  if (oklch) {
    const chroma = Number(oklch[2]);
    const hue = Number(oklch[3]);
    return chroma > 0.08 && (hue < 40 || hue > 340);
  }
  return false;
}
