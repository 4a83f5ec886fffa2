/**
 * The quest editor's History (docs/activity.md §Where an object's history shows): a player's step completion (through
 * the real doors: s2s start + AppsFlyer postback) is kept behind "Show step completions (n)", which the keyboard
 * ticks to merge them in; the people's changes stay listed either way. Axe on the dialog.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS } from './pages/sign-in.page';
import { signInByApi } from './pages/session';
import { appPath, unique } from './pages/demo';
import { expectNoSeriousA11yViolations } from './pages/axe';

const APP = 'dragon-merge-ios';
const QUEST = 'quest-dragon-tamer';

/** One player starts Dragon Tamer (s2s, with a new s2s key) and completes its first step (AppsFlyer postback). */
async function playerCompletesFirstStep(request: APIRequestContext, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const app = (
    (await (await request.get(`/api/app/${APP}`, { headers: auth })).json()) as {
      data: Record<string, unknown> & { apiKeys: unknown[] };
    }
  ).data;
  const made = await request.post(`/api/app/${APP}/api-keys`, {
    headers: auth,
    data: { ...app, apiKeys: [...app.apiKeys, { key: '', type: 's2s', status: 'active' }] },
  });
  const key = ((await made.json()) as { createdKey: string }).createdKey;
  const player = unique('history-player');
  for (const kind of ['view', 'start'] as const) {
    const res = await request.post(`/api/s2s/${APP}/quest-events`, {
      headers: { 'x-questboard-key': key },
      data: { eventId: `${player}-${kind}`, questId: QUEST, playerId: player, kind },
    });
    expect(res.status()).toBe(200);
  }
  const url = new URL(
    (
      (await (await request.get(`/api/app/${APP}/postbacks/appsflyer/url`, { headers: auth })).json()) as {
        url: string;
      }
    ).url,
  );
  const postback = await request.get(url.pathname, {
    params: {
      event_name: 'af_tutorial_completion',
      event_value: '{}',
      event_time: new Date().toISOString().replace('T', ' ').slice(0, 19),
      idfa: 'AEBE52E7-03EE-455A-B3C4-E57283966239',
      af_sub1: player,
      af_sub3: QUEST,
    },
  });
  expect(postback.status()).toBe(200);
}

test("a quest's History hides its step completions until asked, and counts them", async ({ page }) => {
  const token = await signInByApi(page, DEMO_ACCOUNTS.admin);
  await playerCompletesFirstStep(page.request, token);
  await page.goto(appPath(APP, 'acquire/quests'));
  await page.getByRole('button', { name: 'Options for Dragon Tamer' }).click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Dragon Tamer' });
  const history = editor.getByRole('region', { name: 'History' });
  const toggle = history.getByRole('checkbox', { name: /^Show step completions \(\d+\+?\)$/ });
  await expect(toggle).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(history.getByText('completed a quest step')).toHaveCount(0);

  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  await expect(history.getByText('completed a quest step').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'quest editor history');

  await page.keyboard.press('Space');
  await expect(history.getByText('completed a quest step')).toHaveCount(0);
});
