/**
 * Suggested quests ("AI-Driven Quest Generation", docs/acquire.md §Rules and limits features unlocked by BigQuery) from the app's own analytics,
 * when the target is saved with applyPriceSuggestions. THE FORMULA (documented in the README too):
 *
 *  1. Cohort: installs (users by first touch) of the last `analysisPeriod` days of the app's data, ending 3 days before
 *     its last day so every install had 3 days to play.
 *  2. Steps: for each chosen share s in REACH_SHARES (60 %, 40 %, 25 %, 15 %, 10 %), the highest level that at least
 *     s of the cohort reached (a `level_end` event) within 3 days of install; distinct levels, ascending. Each step
 *     is the source's level event with the condition `level ≥ L`, explained as "reached by 31 % of installs by day 3".
 *  3. Value: ARPU D7 = the cohort's revenue (event_value_in_usd) in its first 7 days ÷ installs. The cost per install
 *     the target allows is ARPU D7 ÷ (targetKpiValue / 100) for roas_d7 (value 5 = a 5 % D7 ROAS); the other KPIs are
 *     priced at the default 5 % D7 ROAS (they are tracked, not priced).
 *  4. Payouts rise with effort: payout_i = k·(i+1), with k chosen so the expected cost per install Σ reach_i·payout_i
 *     equals the allowed cost per install; cents, at least $0.01.
 *  5. Daily cap: the settings' dailyBudget, or 100 allowed installs when the budget is 0.
 *
 * Needs the deployment's analytics store (apps whose Analyze data is not on BigQuery) and a level event in the source; otherwise
 * nothing is suggested (the save says so).
 */
import type { AcquisitionSettingsDraft, QuestDefinition } from '../../../src/contracts/acquire';
import type { ServerContext } from '../../context';
import { analyzePluginOf } from '../apps/index';

export const REACH_SHARES = [0.6, 0.4, 0.25, 0.15, 0.1] as const;
const DEFAULT_ROAS_PERCENT = 5;

/** The source's level event and the parameter that carries the level (AppsFlyer: af_level_achieved / af_level). */
export function levelEventOf(eventNames: readonly string[]): { eventName: string; param: string } | null {
  const preferred = ['af_level_achieved', 'level_end', 'level_achieved', 'level_up'];
  const name =
    preferred.find((p) => eventNames.includes(p)) ?? eventNames.find((n) => n.toLowerCase().includes('level'));
  if (!name) return null;
  return { eventName: name, param: name.startsWith('af_') ? 'af_level' : 'level' };
}

export interface Reach {
  level: number;
  share: number;
}

/** Step 2 and 4 of the formula, pure: the steps and payouts from the reach curve and the allowed cost per install. */
export function priceSteps(
  reach: readonly Reach[],
  allowedCpi: number,
): { level: number; share: number; payout: number }[] {
  const levels: Reach[] = [];
  for (const share of REACH_SHARES) {
    const best = reach.filter((r) => r.share >= share).sort((a, b) => b.level - a.level)[0];
    if (best && !levels.some((l) => l.level === best.level)) levels.push(best);
  }
  levels.sort((a, b) => a.level - b.level);
  const weight = levels.reduce((sum, l, i) => sum + l.share * (i + 1), 0);
  if (levels.length === 0 || weight <= 0 || !(allowedCpi > 0)) return [];
  const k = allowedCpi / weight;
  return levels.map((l, i) => ({
    level: l.level,
    share: l.share,
    payout: Math.max(0.01, Math.round(k * (i + 1) * 100) / 100),
  }));
}

export function allowedCostPerInstall(
  arpuD7: number,
  settings: Pick<AcquisitionSettingsDraft, 'targetKpi' | 'targetKpiValue'>,
): number {
  const roas =
    settings.targetKpi === 'roas_d7' && settings.targetKpiValue > 0 ? settings.targetKpiValue : DEFAULT_ROAS_PERCENT;
  return arpuD7 / (roas / 100);
}

async function cohortFacts(
  ctx: ServerContext,
  appId: string,
  days: number,
): Promise<{ installs: number; arpuD7: number; reach: Reach[] } | null> {
  const analytics = ctx.providers.analytics;
  const plugin = await analyzePluginOf(ctx, appId);
  if (!analytics || !plugin || (await analytics.engineFor(plugin)).kind === 'bigquery') return null;
  const rows = await (await analytics.storeFor(appId)).cohortRows(appId, days);
  const installs = rows[0]?.installs ?? 0;
  if (installs === 0) return null;
  // players whose best level is L → share reaching ≥ L (cumulative from the top).
  const reach: Reach[] = [];
  let atLeast = 0;
  for (const row of [...rows].reverse()) {
    atLeast += Number(row.players);
    reach.push({ level: Number(row.level), share: atLeast / installs });
  }
  return { installs, arpuD7: (rows[0]?.usd ?? 0) / installs, reach };
}

/** The suggested quests (zero or one) for the app, from the formula above. */
export async function suggestQuests(
  ctx: ServerContext,
  appId: string,
  settings: AcquisitionSettingsDraft,
  sourceEventNames: readonly string[],
): Promise<QuestDefinition[]> {
  const levelEvent = levelEventOf(sourceEventNames);
  if (!levelEvent) return [];
  const facts = await cohortFacts(ctx, appId, settings.analysisPeriod);
  if (!facts) return [];
  const cpi = allowedCostPerInstall(facts.arpuD7, settings);
  const steps = priceSteps(facts.reach, cpi);
  if (steps.length === 0) return [];
  return [
    {
      name: `Reach level ${steps[steps.length - 1]!.level}`,
      steps: steps.map((s) => ({
        eventName: levelEvent.eventName,
        payout: s.payout,
        condition: { param: levelEvent.param, op: 'gte' as const, value: String(s.level) },
        explanation: `Level ${s.level}: reached by ${Math.round(s.share * 100)} % of installs by day 3`,
      })),
      countries: settings.countries,
      dailyCap: settings.dailyBudget > 0 ? settings.dailyBudget : Math.max(1, Math.round(cpi * 100 * 100) / 100),
    },
  ];
}
