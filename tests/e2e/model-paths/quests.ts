/**
 * Throwaway quests on Dragon Merge (iOS) (AppsFlyer: its quests can be published) for the quest tables
 * (quest-actions, quest-review, quest-editor): made through the API in the state a path starts from, removed at its
 * end, and the Quests grid's row and options menu of one quest.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { appPath, unique } from '../pages/demo';

export const QUEST_APP = 'dragon-merge-ios';
export const questsPath = appPath(QUEST_APP, 'acquire/quests');
const QUESTS = `/api/app/${QUEST_APP}/acquire/quests`;

export interface QuestDef {
  name: string;
  steps: { eventName: string; payout: number }[];
  countries: string[];
  dailyCap: number;
}
export const questDef = (name: string, payout = 1.5): QuestDef => ({
  name,
  steps: [{ eventName: 'af_tutorial_completion', payout }],
  countries: ['US'],
  dailyCap: 50,
});
export const uniqueQuestName = () => `Path Quest ${unique('q').slice(-8)}`;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** What a quest is made into before the path starts. */
export type QuestShape = 'draft' | 'live' | 'stopped' | 'stopped+draft' | 'live+draft';

export async function questByApi(request: APIRequestContext, token: string, name: string, shape: QuestShape) {
  const created = await request.post(QUESTS, { headers: auth(token), data: questDef(name) });
  expect(created.status(), `a quest: ${await created.text()}`).toBeLessThan(300);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const call = async (method: 'POST' | 'PUT', path: string, data?: unknown) => {
    const res = await request.fetch(`${QUESTS}/${id}/${path}`, { method, headers: auth(token), data });
    expect(res.status(), `${path} ${name}: ${await res.text()}`).toBeLessThan(300);
  };
  if (shape === 'draft') return id;
  await call('POST', 'publish');
  if (shape.startsWith('stopped')) await call('POST', 'stop');
  if (shape.endsWith('+draft')) await call('PUT', 'draft', questDef(name, 2.5));
  return id;
}

/** Removes a quest's versions (whatever is left of them). */
export async function removeQuestByApi(request: APIRequestContext, token: string, id: string) {
  await request.post(`${QUESTS}/${id}/stop`, { headers: auth(token) });
  for (const version of ['active', 'draft'])
    await request.delete(`${QUESTS}/${id}/${version}`, { headers: auth(token) });
}

export const questRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

export async function questMenu(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Options for ${name}` }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}
