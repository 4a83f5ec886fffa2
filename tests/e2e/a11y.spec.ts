/**
 * Accessibility of every built page: an axe-core scan (WCAG 2.1 A/AA, serious and critical violations
 * fail; tests/e2e/pages/axe.ts) of each route, wide (1280 px) and at 700 px (the narrow layout of docs/workspace.md §Rules and limits), with the
 * open states that matter: header menus, the workspace selector, the app switchers, the narrow overlay menu, the
 * create-workspace and invite dialogs, a team row menu, the invite page, and a report with results and its chart.
 * Signed-in pages are scanned as the demo admin, the sign-in and invite pages anonymously, and the pages that look
 * different to a viewer (team, the report builder) as the viewer too. Each test records every failing page before
 * it fails (soft assertions), so one run lists them all.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectHeadingsInOrder, expectNoSeriousA11yViolations } from './pages/axe';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { Shell } from './pages/shell.page';
import { TeamPage } from './pages/team.page';
import { Modal } from './pages/modal';
import { acceptInviteByApi, inviteByApi } from './pages/invite.page';
import { inviteLinkFor } from './pages/mailbox';
import { ANALYZE_APP, AnalyzeOverview, ReportBuilder, expectAnalyticsReady } from './pages/report-builder.page';
import { appPath, appsPath, DEMO_APPS, DEMO_WORKSPACE, teamPath, unique, uniqueEmail } from './pages/demo';

test.describe.configure({ mode: 'parallel', timeout: 180_000 });

const WIDTHS = [
  { name: 'wide', viewport: { width: 1280, height: 900 } },
  { name: '700 px', viewport: { width: 700, height: 900 } },
] as const;

/** Scans the page as it is now; a failure is recorded and the test goes on to the next page. */
async function scan(page: Page, where: string) {
  await test.step(`axe: ${where}`, () => expectNoSeriousA11yViolations(page, where, { soft: true }));
}

/** scan, plus headings in order (the Analyze pages' own rule, docs/analyze.md). */
async function scanWithHeadings(page: Page, where: string) {
  await scan(page, where);
  await expectHeadingsInOrder(page, where, { soft: true });
}

/** Opens a page of the shell and waits for its heading. */
async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible({ timeout: 20_000 });
}

const adminToken = async (page: Page) => {
  const res = await page.request.post('/api/auth/sign-in', {
    data: { email: DEMO_ACCOUNTS.admin, password: 'questboard-demo' },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
};

for (const { name: width, viewport } of WIDTHS) {
  test.describe(`${width}`, () => {
    test.use({ viewport });
    const narrow = viewport.width < 766;

    test('public pages: sign-in (with its errors), the invite page, an unknown invite, documentation, not found', async ({
      page,
    }) => {
      await page.goto('/continue');
      await expect(page.getByRole('heading', { name: 'Sign in to Questboard' })).toBeVisible();
      await scan(page, `/continue (${width})`);
      // The form's own errors, then the server's.
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByText('Enter a valid email address.')).toBeVisible();
      await scan(page, `/continue with field errors (${width})`);
      // An address nobody has (wrong attempts lock an address for a while: never a shared demo account).
      await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('a11y-wrong'));
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
      await scan(page, `/continue with the sign-in error (${width})`);

      const email = uniqueEmail('a11y-invite');
      await inviteByApi(page.request, await adminToken(page), DEMO_WORKSPACE.id, email, 'editor');
      await page.goto(await inviteLinkFor(email));
      await expect(page.getByRole('heading', { name: `Join ${DEMO_WORKSPACE.name}`, exact: true })).toBeVisible();
      await scan(page, `the invite page (${width})`);
      await page.getByRole('button', { name: 'Join', exact: true }).click();
      await expect(page.getByLabel('First name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await scan(page, `the invite page with field errors (${width})`);

      await page.goto('/invite/no-such-token');
      await expect(page.getByRole('heading', { name: 'Invitation not found' })).toBeVisible();
      await scan(page, `an unknown invite (${width})`);

      await open(page, '/documentation/questboard_overview', 'Documentation');
      await scan(page, `documentation (${width})`);
      await open(page, '/no/such/page', 'Page not found');
      await scan(page, `not found (${width})`);
    });

    test('workspace pages as the admin, with the header menus and the create-workspace dialog open', async ({
      page,
    }) => {
      const shell = new Shell(page);
      await signInByApi(page, DEMO_ACCOUNTS.admin);
      await open(page, appsPath(), 'Apps');
      await scan(page, `apps (${width})`);
      await page.getByRole('radio', { name: /^iOS/ }).click();
      await scan(page, `apps filtered to iOS (${width})`);

      await shell.workspaceSelector(DEMO_WORKSPACE.name).click();
      await expect(page.getByRole('menuitem', { name: 'Create new', exact: true })).toBeVisible();
      await scan(page, `the workspace selector (${width})`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Profile', exact: true }).click();
      await expect(page.getByRole('menuitem', { name: 'Logout', exact: true })).toBeVisible();
      await scan(page, `the profile menu (${width})`);
      await page.keyboard.press('Escape');

      const create = await shell.openCreateWorkspace(DEMO_WORKSPACE.name);
      await scan(page, `the create-workspace dialog (${width})`);
      await create.root.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(create.root.getByLabel('Workspace name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await scan(page, `the create-workspace dialog with errors (${width})`);
      await create.root.getByRole('button', { name: 'Cancel', exact: true }).click();
      await create.expectClosed();

      if (narrow) {
        await shell.menuButton.click();
        await expect(shell.overlay).toBeVisible();
        await expect(shell.overlay).toHaveCSS('opacity', '1');
        await scan(page, `the overlay menu (${width})`);
        await page.keyboard.press('Escape');
        await expect(shell.overlay).toHaveCount(0);
      }

      const team = new TeamPage(page);
      await open(page, teamPath(), 'Team');
      await expect(page.getByTestId('member-count')).toBeVisible();
      await scan(page, `team (${width})`);
      await team.openInviteDialog();
      await scan(page, `the invite dialog (${width})`);
      await team.inviteDialog.root.getByRole('button', { name: 'Send invite', exact: true }).click();
      await expect(team.inviteDialog.root.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await scan(page, `the invite dialog with an error (${width})`);
      await page.keyboard.press('Escape');
      await team.inviteDialog.expectClosed();
      await page
        .getByRole('button', { name: `Actions for ${DEMO_ACCOUNTS.editor}` })
        .or(page.getByRole('button', { name: /^Actions for Eddie/ }))
        .first()
        .click();
      await expect(page.getByRole('menuitem').first()).toBeVisible();
      await scan(page, `a team row menu (${width})`);
      await page.keyboard.press('Escape');

      for (const [path, heading] of [
        [`/workspace/${DEMO_WORKSPACE.id}/billing`, 'Billing'],
        [`/workspace/${DEMO_WORKSPACE.id}/settings`, 'Settings'],
        [`/workspace/${DEMO_WORKSPACE.id}/notifications`, 'Notifications'],
      ] as const) {
        await open(page, path, heading);
        await scan(page, `${heading} (${width})`);
      }
    });

    test('app pages as the admin, with the app switcher open', async ({ page }) => {
      const shell = new Shell(page);
      await signInByApi(page, DEMO_ACCOUNTS.admin);
      const app = DEMO_APPS.pixelRacer.id;
      for (const [section, heading] of [
        ['acquire/target', 'Target'],
        ['acquire/quests', 'Quests'],
        ['monetize/list', 'Monetize'],
        ['monetize/new', 'New Campaign'],
        ['monetize/edit/campaign-1', 'Edit Campaign'],
        ['integrations/Overview', 'Integrations'],
        ['settings/general', 'App Settings'],
        ['analyze/reportAi', /./],
        ['analyze/overview', /./],
        ['no-such-section', 'Page not found'],
      ] as const) {
        await open(page, appPath(app, section), heading);
        await scan(page, `${section} (${width})`);
      }
      // The workspace's credentials, and the revoke dialog showing the server's refusal (a plugin uses the credential).
      await open(page, appPath(app, 'integrations/credentials'), 'Integrations');
      await expect(page.getByRole('list', { name: 'Credentials', exact: true })).toBeVisible({ timeout: 20_000 });
      await scan(page, `integrations/credentials (${width})`);
      await page
        .getByRole('button', { name: /^Revoke / })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
      await expect(page.getByRole('dialog').getByRole('alert')).toContainText('This credential is used by');
      await scan(page, `the revoke credential dialog with its refusal (${width})`);
      await page.keyboard.press('Escape');
      // The BigQuery tab with its Jobs card (the job history), and Process Data's start dialog with its estimate.
      await open(page, appPath('dragon-merge-android', 'integrations/BigQuery'), 'Integrations');
      await expect(page.getByRole('region', { name: 'Jobs' })).toBeVisible({ timeout: 20_000 });
      await scan(page, `integrations/BigQuery with its jobs (${width})`);
      await page.getByRole('button', { name: 'Process Data', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Process Data?' }).getByTestId('process-estimate')).toBeVisible({
        timeout: 20_000,
      });
      await scan(page, `the Process Data start dialog (${width})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // Funnels on an app with data (Dragon Merge Android).
      await open(page, appPath('dragon-merge-android', 'analyze/funnels'), 'Funnels');
      await scan(page, `analyze/funnels (${width})`);
      // Dashboards: the list, and Game health of Dragon Merge (iOS) with its tiles (returns per quest among them), in
      // edit mode with the add-tile dialog open.
      await open(page, appPath('dragon-merge-ios', 'analyze/dashboards'), 'Dashboard');
      await page.getByRole('link', { name: /Game health/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Game health' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('article', { name: 'Returns per quest' })).toBeVisible();
      await scan(page, `a dashboard (${width})`);
      await page.getByRole('button', { name: 'Edit dashboard' }).click();
      await page.getByRole('button', { name: 'Add tile' }).click();
      await expect(page.getByRole('dialog', { name: 'Add a tile' })).toBeVisible();
      await scan(page, `a dashboard in edit mode with the add-tile dialog (${width})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      // Acquire with live quests (Dragon Merge iOS): today's spend, and a quest's spend chart in its dialog.
      await open(page, appPath('dragon-merge-ios', 'acquire/quests'), 'Acquire');
      await page
        .getByRole('button', { name: /^Spend chart of / })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await scan(page, `a quest's spend (${width})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // The held completions (docs/acquire.md §Fraud holds): the review list with its reasons and decisions.
      await open(page, appPath('dragon-merge-ios', 'acquire/holds'), 'Acquire');
      await expect(page.getByRole('button', { name: /^Rejected \(/ })).toBeVisible({ timeout: 20_000 });
      await scan(page, `acquire/holds (${width})`);
      await open(page, appPath('dragon-merge-ios', 'acquire/quests'), 'Acquire');
      // A quest's details (read-only, from its name) and its editor, both with the steps' payouts by country.
      await page.getByRole('button', { name: 'Dragon Tamer', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Dragon Tamer' })).toBeVisible();
      await expect(page.getByRole('dialog').getByText('Players started', { exact: true })).toBeVisible(); // its returns
      await scan(page, `a quest's details (${width})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: 'Options for Dragon Tamer' }).click();
      await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
      await expect(page.getByRole('combobox', { name: 'Step 1 country 1' })).toBeVisible();
      await scan(page, `the quest editor (${width})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await open(page, appPath('no-such-app', 'acquire/target'), 'App not found');
      await scan(page, `an unknown app (${width})`);

      await open(page, appPath(app, 'acquire/target'), 'Target');
      const switcher = narrow ? shell.appDropdown : shell.sideNav.getByRole('button', { name: /^App\b/ });
      await switcher.click();
      await expect(page.getByRole('option', { name: new RegExp(DEMO_APPS.wordGarden.name) })).toBeVisible();
      await scan(page, `the app switcher (${width})`);
      await page.keyboard.press('Escape');

      if (narrow) {
        await shell.menuButton.click();
        await expect(shell.overlay).toHaveCSS('opacity', '1');
        await scan(page, `the overlay menu of an app page (${width})`);
        await page.keyboard.press('Escape');
      }
    });

    test('analyze pages: overview, reports list, a new report, a report with results and the chart', async ({
      page,
    }) => {
      await expectAnalyticsReady(page.request);
      await signInByApi(page, DEMO_ACCOUNTS.admin);
      const overview = new AnalyzeOverview(page);
      await overview.goto();
      await scanWithHeadings(page, `analyze overview (${width})`);
      await open(page, appPath(ANALYZE_APP.id, 'analyze/list'), 'Reports');
      await scanWithHeadings(page, `reports list (${width})`);

      const builder = new ReportBuilder(page);
      await builder.gotoNew();
      await scanWithHeadings(page, `a new report (${width})`);
      await builder.groupBy.selectOption({ label: 'Date' });
      await builder.addMetric('conv', 'Conversion Rate');
      const title = unique('A11y report');
      await builder.rename(title);
      await builder.run();
      await expect(builder.chart).toBeVisible();
      await expect(builder.bodyRows.first()).toBeVisible();
      // The result holds nulls (the newest days' retention) and percents: the cells the contrast rule reads.
      await expect(builder.results.getByText('null', { exact: true }).first()).toBeVisible();
      await scanWithHeadings(page, `a report with results and the chart (${width})`);
      // docs/analyze.md §Breakdown, compare and chart types: a breakdown in a pivot grid, compare, a stacked bar chart.
      const combo = (name: string) => page.getByRole('combobox', { name, exact: true });
      await combo('Breakdown').selectOption({ label: 'Country' });
      await combo('Compare with').selectOption({ label: 'Previous period' });
      await combo('Chart').selectOption({ label: 'Stacked bar' });
      await combo('Grid').selectOption({ label: 'Pivot' });
      await builder.run();
      await expect(builder.results.getByRole('columnheader', { name: /· Other/ }).first()).toBeVisible();
      await expect(builder.chart).toBeVisible();
      await scanWithHeadings(page, `a report with a breakdown, compare and a stacked chart (${width})`);
      await combo('Breakdown').selectOption({ label: 'None' });
      await combo('Chart').selectOption({ label: 'Area' });
      await builder.run();
      await expect(builder.results.getByRole('columnheader', { name: /\(previous\)/ }).first()).toBeVisible();
      await scanWithHeadings(page, `a report comparing periods in an area chart (${width})`);
      await builder.exportMenu.click();
      await expect(builder.exportItem('CSV')).toBeVisible();
      await scanWithHeadings(page, `the Export As menu (${width})`);
      await page.keyboard.press('Escape');
      await builder.viewSql.click();
      await builder.sqlDialog.expectOpen();
      await scanWithHeadings(page, `the SQL dialog (${width})`);
      await page.keyboard.press('Escape');
      await builder.sqlDialog.expectClosed();
      // The metric alert dialog (docs/notifications.md §Metric alerts), and with a threshold refused as typed.
      await page.getByRole('button', { name: 'Alert on a metric…', exact: true }).click();
      const alertDialog = page.getByRole('dialog', { name: 'Alert on a metric' });
      await expect(alertDialog).toBeVisible();
      await scanWithHeadings(page, `the metric alert dialog (${width})`);
      await alertDialog.getByLabel('Condition', { exact: true }).selectOption('anomaly');
      await alertDialog.getByLabel('k (band width)', { exact: true }).fill('11');
      await alertDialog.getByRole('button', { name: 'Add alert', exact: true }).click();
      await expect(alertDialog.getByText('Enter k from 1 to 10.', { exact: true })).toBeVisible();
      await scanWithHeadings(page, `the metric alert dialog with an error (${width})`);
      await page.keyboard.press('Escape');
      await expect(alertDialog).toHaveCount(0);
      await builder.deleteButton.click();
      await builder.deleteDialog.expectOpen();
      await scanWithHeadings(page, `the delete-report dialog (${width})`);
      await builder.deleteDialog.root.getByRole('button', { name: 'Delete', exact: true }).click();
      await builder.deleteDialog.expectClosed();

      // An app without Analyze shows the promo.
      await open(page, appPath(DEMO_APPS.pixelRacer.id, 'analyze/overview'), /./);
      await scanWithHeadings(page, `the analyze promo (${width})`);
    });

    test('what the viewer sees differently: team (view-only), its tooltip, a report', async ({ page }) => {
      await signInByApi(page, DEMO_ACCOUNTS.viewer);
      const team = new TeamPage(page);
      await open(page, teamPath(), 'Team');
      await expect(page.getByTestId('member-count')).toBeVisible();
      await scan(page, `team as a viewer (${width})`);
      await team.inviteButton.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await scan(page, `team as a viewer, view-only tooltip (${width})`);
      await open(page, appsPath(), 'Apps');
      await scan(page, `apps as a viewer (${width})`);
      await open(page, appPath(ANALYZE_APP.id, 'analyze/overview'), /./);
      await scan(page, `analyze overview as a viewer (${width})`);
    });
  });
}

test('a member without a workspace: the /workspace/home empty state and its create dialog', async ({ page }) => {
  const token = await adminToken(page);
  const email = uniqueEmail('a11y-nows');
  await inviteByApi(page.request, token, DEMO_WORKSPACE.id, email, 'viewer');
  const person = { firstName: 'No', lastName: 'Workspace', password: 'a11y-password-1' };
  await acceptInviteByApi(page.request, await inviteLinkFor(email), person);
  const removed = await page.request.post(`/api/workspace/${DEMO_WORKSPACE.id}/team/remove`, {
    data: { email },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(removed.status()).toBe(200);

  await signInByApi(page, email, person.password);
  for (const { name: width, viewport } of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.goto('/workspace/home');
    await expect(page.getByRole('heading', { name: "User don't have workspace. Please create one." })).toBeVisible();
    await scan(page, `/workspace/home empty state (${width})`);
    await page.getByRole('button', { name: 'Create Workspace', exact: true }).click();
    const dialog = new Modal(page, 'Create Workspace');
    await dialog.expectOpen();
    await scan(page, `/workspace/home create dialog (${width})`);
    await page.keyboard.press('Escape');
    await dialog.expectClosed();
  }
});

test('a dashboard’s Subscribe… dialog (docs/notifications.md §Subscriptions), as a viewer', async ({ page }) => {
  await signInByApi(page, DEMO_ACCOUNTS.viewer);
  for (const { name: width, viewport } of WIDTHS) {
    await page.setViewportSize(viewport);
    await open(page, appPath(ANALYZE_APP.id, 'analyze/dashboards'), /./);
    await page
      .getByRole('link', { name: /Game health/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Game health' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: /^Subscri/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to Game health' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: 'Weekly' }).check();
    await scan(page, `the Subscribe… dialog (${width})`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});
