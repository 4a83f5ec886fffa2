/** Page object for /invite/{token} (docs/team.md §Member states invitation): the invited person sets a name and password and joins. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { tokenOf } from './mailbox';

export class InvitePage {
  constructor(readonly page: Page) {}

  /** Opens the link and waits for the join form ("Join {workspace}"). */
  async open(link: string, workspaceName: string) {
    await this.page.goto(link);
    await expect(this.page.getByRole('heading', { name: `Join ${workspaceName}`, exact: true })).toBeVisible();
  }

  /** An address that already has an account: only its password is asked for. */
  async confirmWithPassword(password: string) {
    await expect(this.page.getByLabel('First name', { exact: true })).toHaveCount(0);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Join', exact: true }).click();
  }

  async join(firstName: string, lastName: string, password: string) {
    await this.page.getByLabel('First name', { exact: true }).fill(firstName);
    await this.page.getByLabel('Last name', { exact: true }).fill(lastName);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Join', exact: true }).click();
  }
}

/** Invites through the API (docs/team.md §API endpoints invite: workspace id, email, role), as the holder of `token`. */
export async function inviteByApi(
  request: APIRequestContext,
  token: string,
  workspaceId: string,
  email: string,
  role: 'admin' | 'editor' | 'viewer',
) {
  const res = await request.post(`/api/workspace/${workspaceId}/team/invite`, {
    data: { email, role },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), `inviting ${email}`).toBe(200);
}

/** Accepts an invite through the API (for specs that only need a joined member, not the join screen). */
export async function acceptInviteByApi(
  request: APIRequestContext,
  link: string,
  person: { firstName: string; lastName: string; password: string },
) {
  const res = await request.post(`/api/invite/${tokenOf(link)}/accept`, { data: person });
  expect(res.status(), 'accepting the invite').toBe(200);
}
