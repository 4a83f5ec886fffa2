/**
 * The demo's last 30 days of activity (docs/activity.md), made through the domain: each change is the area's own
 * function called as a demo team member, with the context's clock set to the day and hour it happened, so the log,
 * the chart markers and the object histories read like a working team's month. Every change is undone later in the
 * month (a quest stopped is restarted, a budget raised is lowered again, an item added is removed), so the demo's
 * state is the seeded one. Once per database (marker `demo-history`, claimed in the first change's place).
 */
import type { ServerContext } from '../context';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID } from './ids';
import {
  ACQUIRE_DEMO_APP,
  ACQUIRE_DEMO_QUESTS,
  loadSettings,
  restartQuest,
  saveSettings,
  stopQuest,
} from '../areas/acquire/index';
import { campaignOf, updateCampaign } from '../areas/monetize/index';
import { changeRole } from '../areas/team/index';
import {
  createCatalogueItem,
  getNotificationSettings,
  removeCatalogueItem,
  saveNotificationSettings,
  updateCatalogueItem,
} from '../areas/app-settings/index';

export const DEMO_HISTORY_MARKER = 'demo-history';
const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoHistoryOnce(ctx: ServerContext, log: (line: string) => void = () => {}) {
  const claimed = await ctx.db
    .insertInto('seed_markers')
    .values({ name: DEMO_HISTORY_MARKER })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  if (!claimed) return;
  const people = await ctx.db
    .selectFrom('accounts')
    .innerJoin('memberships', 'memberships.account_id', 'accounts.id')
    .select(['accounts.id', 'accounts.email'])
    .where('memberships.workspace_id', '=', DEMO_WORKSPACE_ID)
    .execute();
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const ada = idOf(DEMO_ACCOUNTS.admin);
  const eddie = idOf(DEMO_ACCOUNTS.editor);
  const vera = idOf(DEMO_ACCOUNTS.viewer);
  if (!ada || !eddie || !vera) return;
  const today = ctx.now().getTime();
  /** `who` makes the change `daysAgo` days ago at `hour` (UTC): the emitted event carries that time. */
  const as = (who: string, daysAgo: number, hour: number): ServerContext => {
    const at = new Date(Math.floor(today / DAY_MS - daysAgo) * DAY_MS + hour * 3_600_000);
    return { ...ctx, actor: who, now: () => at };
  };
  const step = async (name: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      log(`[demo history] ${name} skipped: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const campaign = await campaignOf(ctx, DEMO_APP_IDS.dragonMergeIos);
  if (campaign) {
    await step('Monetize off', () =>
      updateCampaign(as(eddie, 27, 10), { accountId: eddie }, { ...campaign, status: 'STOPPED' }),
    );
    await step('Monetize on', () =>
      updateCampaign(as(ada, 26, 9), { accountId: ada }, { ...campaign, status: 'LIVE' }),
    );
  }
  const settings = await loadSettings(ctx, ACQUIRE_DEMO_APP);
  if (settings) {
    const staff = { accountId: ada, isTpUser: false };
    await step('budget raised', () =>
      saveSettings(as(ada, 22, 14), ACQUIRE_DEMO_APP, staff, {
        settings: { ...settings, dailyBudget: settings.dailyBudget + 50 },
        applyPriceSuggestions: false,
      }),
    );
    await step('budget back', () =>
      saveSettings(
        as(eddie, 12, 11),
        ACQUIRE_DEMO_APP,
        { ...staff, accountId: eddie },
        {
          settings,
          applyPriceSuggestions: false,
        },
      ),
    );
  }
  await step('quest stopped', () => stopQuest(as(eddie, 20, 16), ACQUIRE_DEMO_APP, ACQUIRE_DEMO_QUESTS.live));
  await step('quest restarted', () => restartQuest(as(ada, 19, 8), ACQUIRE_DEMO_APP, ACQUIRE_DEMO_QUESTS.live));

  const app = DEMO_APP_IDS.dragonMergeAndroid;
  const messages = await getNotificationSettings(ctx, app);
  await step('message reworded', () =>
    saveNotificationSettings(as(eddie, 17, 13), app, {
      ...messages,
      questStart: { ...messages.questStart, title: 'Your next quest is here' },
    }),
  );
  await step('message restored', () => saveNotificationSettings(as(ada, 16, 10), app, messages));

  let itemId: string | null = null;
  await step('item added', async () => {
    itemId = (
      await createCatalogueItem(as(eddie, 10, 15), app, {
        name: 'Spring gem bundle',
        sku: 'spring_gems_demo',
        type: 'consumable',
        priceUsd: 4.99,
      } as never)
    ).id;
  });
  if (itemId) {
    const id: string = itemId;
    await step('item repriced', () =>
      updateCatalogueItem(as(ada, 9, 9), app, id, {
        name: 'Spring gem bundle',
        sku: 'spring_gems_demo',
        type: 'consumable',
        priceUsd: 3.99,
      } as never),
    );
    await step('item removed', () => removeCatalogueItem(as(eddie, 4, 17), app, id));
  }
  await step('role raised', () => changeRole(as(ada, 7, 12), DEMO_WORKSPACE_ID, ada, vera, 'editor'));
  await step('role back', () => changeRole(as(ada, 6, 9), DEMO_WORKSPACE_ID, ada, vera, 'viewer'));
}
