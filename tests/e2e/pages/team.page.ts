/**
 * Page object for /workspace/{id}/team (docs/team.md §Screens and routes team, §Member states invitation, §Roles, §Messages team): the wide-screen team table, the
 * Invite button and dialog, row menus, the Change role dialog and the Remove confirmation (src/views/team/*).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { teamPath } from './demo';
import { Modal } from './modal';

export type Role = 'admin' | 'editor' | 'viewer';
/** docs/team.md §Roles: admin shown as 'Team Admin'; every role label capitalised the same way everywhere. */
export const ROLE_LABELS: Record<Role, string> = { admin: 'Team Admin', editor: 'Editor', viewer: 'Viewer' };

export const VIEW_ONLY_MESSAGE =
  'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.';

export class TeamPage {
  constructor(readonly page: Page) {}

  async goto(workspaceId?: string) {
    await this.page.goto(teamPath(workspaceId));
    await this.waitForTable();
  }

  /** Waits until the team has loaded (the table with at least one row beyond the header). */
  async waitForTable() {
    await expect(this.page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
    await expect(this.table).toBeVisible();
    await expect(this.table.getByRole('row').nth(1)).toBeVisible();
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Team members and pending invites' });
  }

  get inviteButton(): Locator {
    return this.page.getByRole('button', { name: 'Invite', exact: true });
  }

  /** The row whose Email cell is exactly `email`. */
  row(email: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell', { name: email, exact: true }) });
  }

  /** Every row menu button on the page. */
  get rowMenuButtons(): Locator {
    return this.page.getByRole('button', { name: /^Actions for / });
  }

  rowMenuButton(email: string): Locator {
    return this.row(email).getByRole('button', { name: /^Actions for / });
  }

  get inviteDialog(): Modal {
    return new Modal(this.page, 'Invite to team');
  }

  async openInviteDialog(): Promise<Locator> {
    await this.inviteButton.click();
    await this.inviteDialog.expectOpen();
    return this.inviteDialog.root;
  }

  /** Fills the open invite dialog and presses Send invite (does not wait for the outcome). */
  async submitInvite(email: string, role?: Role) {
    const dialog = this.inviteDialog.root;
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    if (role) await dialog.getByLabel('Role', { exact: true }).selectOption(role);
    await dialog.getByRole('button', { name: 'Send invite', exact: true }).click();
  }

  /** Invites and waits until the dialog closed and the new row shows 'Invite Sent'. */
  async invite(email: string, role?: Role) {
    await this.openInviteDialog();
    await this.submitInvite(email, role);
    await this.inviteDialog.expectClosed();
    await expect(this.row(email).getByText('Invite Sent', { exact: true })).toBeVisible();
  }

  async openRowMenu(email: string) {
    await this.rowMenuButton(email).click();
  }

  async changeRole(email: string, role: Role) {
    await this.openRowMenu(email);
    await this.page.getByRole('menuitem', { name: 'Change role', exact: true }).click();
    const dialog = new Modal(this.page, 'Change role');
    await dialog.expectOpen();
    await dialog.root.getByRole('radio', { name: new RegExp(`^${ROLE_LABELS[role]}\\b`) }).check();
    await dialog.root.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.expectClosed();
  }

  /** Opens the Remove from team confirmation of a row and returns it. */
  async openRemove(email: string): Promise<Modal> {
    await this.openRowMenu(email);
    await this.page.getByRole('menuitem', { name: 'Remove from team', exact: true }).click();
    const dialog = new Modal(this.page, 'Remove from team');
    await dialog.expectOpen();
    return dialog;
  }
}
