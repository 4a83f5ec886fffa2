/**
 * Acquire: quests (campaigns) and the acquisition settings draft (docs/acquire.md §Screens and routes Acquire, §Entities Quest and Acquisition settings
 * draft, §Quest states Quest and Acquire settings, §Rules and limits Acquire target, §Roles viewers, §API endpoints Acquire calls, §Rules and limits defaults and grid sizes).
 *
 * WHAT A QUEST IS (ours, docs/domain.md §Quests, players and money): a name, 1–10 ordered steps (each an event of the app's
 * active attribution source, optionally with a parameter condition `param op value`, and a payout in US dollars,
 * optionally paying differently in some of the quest's countries: PAYOUTS BY COUNTRY below),
 * the countries it is shown in, and a daily cap in US dollars (the most its completed steps may be charged per UTC
 * day). A quest has an active (published) version and/or a draft version; editing writes the draft; `diff` says there
 * is a draft that differs from the active version (a never-published draft is a diff too). Publishing copies the
 * draft over the active version; discarding drops the draft (a quest with no version left is gone).
 *
 * THE STATUS TABLE (ours; docs/acquire.md §Quest states only says a status says whether a quest can be restarted or stopped):
 *
 *   status    meaning                                                  canRestart  canStop   menu
 *   DRAFT     never published: only a draft exists                     no          no        Edit, Review Edits, Delete
 *   LIVE      published and shown to players                           no          yes       Edit, [Review Edits], Stop
 *   CAPPED    LIVE, but today's charges reached the daily cap (or a    no          yes       Edit, [Review Edits], Stop
 *             completed step was refused by it today)
 *   STOPPED   published, then stopped: not shown, nothing is charged   yes         no        Edit, [Review Edits], Restart, Delete
 *
 * A draft version's own status is DRAFT; the row's status is the active version's. Stop needs canStop, restart needs
 * canRestart, deleting the active version needs !canStop (stop it first); the server refuses anything else with 409.
 *
 * PRE-PUBLISH CHECK ("beyond the peers"): a draft is published only when every step's event was received from the app
 * (through its active source) in the last 48 hours; otherwise 409 `prepublish_blocked` names each blocked step.
 *
 * docs/acquire.md §API endpoints shows no Acquire paths; ours (app routes: the caller must be a member of the app's workspace):
 *   GET    /api/app/:appId/acquire/source                        → AcquireSourceResponse           (viewer)
 *   GET    /api/app/:appId/acquire/quests                        → QuestsResponse                  (viewer)
 *   POST   /api/app/:appId/acquire/quests        QuestDefinition → QuestResponse                   (editor)
 *   GET    /api/app/:appId/acquire/quests/:questId               → QuestDetailResponse             (viewer)
 *   PUT    /api/app/:appId/acquire/quests/:questId/draft  QuestDefinition → QuestResponse          (editor)
 *   POST   /api/app/:appId/acquire/quests/:questId/publish       → SuccessMessage                  (editor)
 *   POST   /api/app/:appId/acquire/quests/:questId/stop          → SuccessMessage                  (editor)
 *   POST   /api/app/:appId/acquire/quests/:questId/restart       → SuccessMessage                  (editor)
 *   DELETE /api/app/:appId/acquire/quests/:questId/active        → SuccessMessage                  (editor)
 *   DELETE /api/app/:appId/acquire/quests/:questId/draft         → SuccessMessage                  (editor)
 *   POST   /api/app/:appId/acquire/quests/:questId/discard       → SuccessMessage                  (editor)
 *   POST   /api/app/:appId/acquire/quests/publish-all            → BulkQuestResult                 (editor)
 *   POST   /api/app/:appId/acquire/quests/discard-all  DiscardAllRequest → BulkQuestResult         (editor)
 *   GET    /api/app/:appId/acquire/settings                      → AcquisitionSettingsResponse     (viewer)
 *   POST   /api/app/:appId/acquire/settings  SaveAcquisitionSettingsRequest → SuccessMessage       (editor)
 *   GET    /api/app/:appId/acquire/kpi                           → KpiTrackingResponse             (viewer)
 *   POST   /api/s2s/:appId/quest-events  PlayerQuestEvent → PlayerQuestEventResponse  (public; the app's s2s API key
 *          in the `x-questboard-key` header: the Questboard player app's views and starts)
 */
import * as t from 'io-ts';
import { struct, nullable, line, MAX, Name, Id, AppParams, SuccessMessage } from './codecs';
import { type FieldErrors, REQUIRED, isBlank, maxItems, refine, requiredNumber, toNumber } from './validation';
import { endpoint } from './endpoint';
import { Count, Measure, Money, SignedMoney, boundedNumber, hasAtMostDecimals } from './numbers';
import { SUPPORTED_COUNTRIES } from './countries';

// ---------------------------------------------------------------- quests (docs/acquire.md §Entities Quest)

export const QuestAnalytics = struct(
  { totalViewed: t.number, totalStarted: t.number, totalCompleted: t.number, percentageCompleted: t.number },
  {},
  'QuestAnalytics',
);
export type QuestAnalytics = t.TypeOf<typeof QuestAnalytics>;

/** A step's optional parameter condition: the postback's parameter `param` compared with `value`. */
export const StepConditionOp = t.keyof({ eq: null, neq: null, gte: null, lte: null }, 'StepConditionOp');
export type StepConditionOp = t.TypeOf<typeof StepConditionOp>;
export const STEP_CONDITION_OPS: readonly StepConditionOp[] = ['eq', 'neq', 'gte', 'lte'];
export const StepCondition = struct(
  { param: line(MAX.label), op: StepConditionOp, value: line(MAX.label) },
  {},
  'StepCondition',
);
export type StepCondition = t.TypeOf<typeof StepCondition>;

export const QUEST_MAX_STEPS = 10;
export const QUEST_MAX_PAYOUT = 1000;

/**
 * PAYOUTS BY COUNTRY (docs/acquire.md §Payouts by country): a step may pay differently in some of the quest's
 * countries, either its payout times a multiplier (0 to 10) or an absolute payout (like a step payout: more than 0, at
 * most 1000), both with at most 2 decimals; at most QUEST_MAX_COUNTRY_PAYOUTS countries per step, each once. A
 * completion from a player of a listed country is charged that country's payout; any other (or no) country, the
 * step's own payout.
 */
export const CountryPayoutMode = t.keyof({ multiplier: null, absolute: null }, 'CountryPayoutMode');
export type CountryPayoutMode = t.TypeOf<typeof CountryPayoutMode>;
export const COUNTRY_PAYOUT_MODES: readonly CountryPayoutMode[] = ['multiplier', 'absolute'];
export const QUEST_MAX_COUNTRY_PAYOUTS = 50;
export const COUNTRY_MULTIPLIER_MAX = 10;
export const COUNTRY_PAYOUT_DECIMALS = 2;
export const CountryPayout = struct(
  {
    country: line(2),
    mode: CountryPayoutMode,
    value: boundedNumber({
      name: 'CountryPayoutValue',
      min: 0,
      max: QUEST_MAX_PAYOUT,
      decimals: COUNTRY_PAYOUT_DECIMALS,
    }),
  },
  {},
  'CountryPayout',
);
export type CountryPayout = t.TypeOf<typeof CountryPayout>;

/** One ordered step: an event of the active source, an optional condition, a payout in dollars (and by country). */
export const QuestStep = struct(
  { eventName: line(MAX.label), payout: Money },
  {
    condition: nullable(StepCondition),
    explanation: line(MAX.label),
    countryPayouts: maxItems(CountryPayout, QUEST_MAX_COUNTRY_PAYOUTS, 'CountryPayouts'),
  },
  'QuestStep',
);
export type QuestStep = t.TypeOf<typeof QuestStep>;

/** The rules' words (the editor shows them after the field's name; the server after the field's path). */
export const COUNTRY_PAYOUTS_TOO_MANY = `must have at most ${QUEST_MAX_COUNTRY_PAYOUTS} countries`;
export const COUNTRY_NOT_SUPPORTED = 'must be a supported country';
export const COUNTRY_NOT_IN_QUEST = "must be one of the quest's countries";
export const COUNTRY_LISTED_TWICE = 'is listed twice';
export const MULTIPLIER_RANGE = `must be from 0 to ${COUNTRY_MULTIPLIER_MAX}, with at most ${COUNTRY_PAYOUT_DECIMALS} decimals`;
export const PAYOUT_RANGE = `must be more than 0 and at most ${QUEST_MAX_PAYOUT}`;
export const PAYOUT_DECIMALS = `must have at most ${COUNTRY_PAYOUT_DECIMALS} decimals`;

/** A country payout as the form or the wire holds it (inputs may be strings). */
export interface CountryPayoutInput {
  country?: unknown;
  mode?: unknown;
  value?: unknown;
}

/** The problems of one step's payouts by country, keyed `steps.{i}.countryPayouts[.{j}.{field}]`. */
export function validateCountryPayouts(
  stepIndex: number,
  rows: readonly CountryPayoutInput[],
  questCountries: readonly unknown[],
): FieldErrors {
  const errors: FieldErrors = {};
  const at = `steps.${stepIndex}.countryPayouts`;
  if (rows.length > QUEST_MAX_COUNTRY_PAYOUTS) errors[at] = COUNTRY_PAYOUTS_TOO_MANY;
  const seen = new Set<string>();
  rows.forEach((row, j) => {
    const country = typeof row.country === 'string' ? row.country : '';
    if (isBlank(country)) errors[`${at}.${j}.country`] = REQUIRED;
    else if (!SUPPORTED_COUNTRIES.includes(country)) errors[`${at}.${j}.country`] = COUNTRY_NOT_SUPPORTED;
    else if (!questCountries.includes(country)) errors[`${at}.${j}.country`] = COUNTRY_NOT_IN_QUEST;
    else if (seen.has(country)) errors[`${at}.${j}.country`] = COUNTRY_LISTED_TWICE;
    seen.add(country);
    const missing = requiredNumber(row.value);
    const value = toNumber(row.value);
    if (missing) errors[`${at}.${j}.value`] = missing;
    else if (row.mode === 'absolute') {
      if (value! <= 0 || value! > QUEST_MAX_PAYOUT) errors[`${at}.${j}.value`] = PAYOUT_RANGE;
      else if (!hasAtMostDecimals(value!, COUNTRY_PAYOUT_DECIMALS)) errors[`${at}.${j}.value`] = PAYOUT_DECIMALS;
    } else if (value! < 0 || value! > COUNTRY_MULTIPLIER_MAX || !hasAtMostDecimals(value!, COUNTRY_PAYOUT_DECIMALS))
      errors[`${at}.${j}.value`] = MULTIPLIER_RANGE;
  });
  return errors;
}

/** Dollars as the quest's texts write them. */
export const dollars = (usd: number) => `$${usd.toFixed(2)}`;

/**
 * What a completed step is charged, in cents, for a player of `country` (null: unknown): the country's payout when the
 * step lists it, else the step's own payout. `country` says which listed country applied (null: the base payout).
 */
export function stepPayoutFor(
  step: Pick<QuestStep, 'payout' | 'countryPayouts'>,
  country: string | null,
): { cents: number; country: string | null } {
  const row = country ? step.countryPayouts?.find((p) => p.country === country) : undefined;
  const base = Math.round(step.payout * 100);
  if (!row) return { cents: base, country: null };
  return {
    cents: row.mode === 'absolute' ? Math.round(row.value * 100) : Math.round(step.payout * 100 * row.value),
    country: row.country,
  };
}

/** A country payout in words: "×1.5 ($0.60)" or "$2.00". */
export function countryPayoutText(step: Pick<QuestStep, 'payout'>, row: CountryPayout): string {
  if (row.mode === 'absolute') return dollars(row.value);
  return `×${row.value} (${dollars(stepPayoutFor({ payout: step.payout, countryPayouts: [row] }, row.country).cents / 100)})`;
}

/** Every step's payouts by country as labelled lines ("Step 2 payout in DE" → "×1.5 ($0.75)"), in step order. */
export function countryPayoutLines(steps: readonly QuestStep[] | undefined): { label: string; value: string }[] {
  return (steps ?? []).flatMap((step, i) =>
    (step.countryPayouts ?? []).map((row) => ({
      label: `Step ${i + 1} payout in ${row.country}`,
      value: countryPayoutText(step, row),
    })),
  );
}

/**
 * The diff of two versions' payouts by country: one change per country payout added, removed or changed, with the
 * line's label as the field (a step's own payout changing changes the text of its multiplied countries too).
 */
export function countryPayoutChanges(
  before: readonly QuestStep[] | undefined,
  after: readonly QuestStep[] | undefined,
): { field: string; before: string | null; after: string | null }[] {
  const was = new Map(countryPayoutLines(before).map((l) => [l.label, l.value]));
  const now = new Map(countryPayoutLines(after).map((l) => [l.label, l.value]));
  const labels = [...new Set([...was.keys(), ...now.keys()])];
  return labels.flatMap((label) => {
    const b = was.get(label) ?? null;
    const a = now.get(label) ?? null;
    return b === a ? [] : [{ field: label, before: b, after: a }];
  });
}

/** What the editor writes into a draft (and what publishing copies to the active version). */
export const QuestDefinition = struct(
  {
    name: Name,
    steps: maxItems(QuestStep, QUEST_MAX_STEPS, 'QuestSteps'),
    countries: maxItems(line(2), 300, 'Countries'),
    dailyCap: Money,
  },
  {},
  'QuestDefinition',
);
export type QuestDefinition = t.TypeOf<typeof QuestDefinition>;

/** One version (active or draft) of a quest; the definition's fields come with it. */
export const QuestVersion = struct(
  { id: t.string, name: t.string, status: t.string },
  { analytics: nullable(QuestAnalytics), steps: t.array(QuestStep), countries: t.array(t.string), dailyCap: t.number },
  'QuestVersion',
);
export type QuestVersion = t.TypeOf<typeof QuestVersion>;

/** `suggested`: made by "Suggest quests and prices from my data" (a save with it on rewrites this quest's draft). */
export const Quest = struct(
  { id: t.string, diff: t.boolean },
  { active: nullable(QuestVersion), draft: nullable(QuestVersion), suggested: t.boolean },
  'Quest',
);
export type Quest = t.TypeOf<typeof Quest>;

/** The version a grid row shows: the active one, else the draft. */
export const shownVersion = (quest: Quest): QuestVersion | null => quest.active ?? quest.draft ?? null;

/** What the status table (header) says about a status (docs/acquire.md §Quest states). */
export interface QuestStatusRule {
  canRestart: boolean;
  canStop: boolean;
}
export type QuestStatus = 'DRAFT' | 'LIVE' | 'CAPPED' | 'STOPPED';
export const QUEST_STATUS_TABLE: Record<QuestStatus, QuestStatusRule> = {
  DRAFT: { canRestart: false, canStop: false },
  LIVE: { canRestart: false, canStop: true },
  CAPPED: { canRestart: false, canStop: true },
  STOPPED: { canRestart: true, canStop: false },
};
/** The table's rule of a status; an unknown status can neither be restarted nor stopped. */
export const questStatusRule = (status: string): QuestStatusRule =>
  QUEST_STATUS_TABLE[status as QuestStatus] ?? { canRestart: false, canStop: false };
/** How a status reads in the grid. */
export const QUEST_STATUS_LABELS: Record<string, string> = {
  DRAFT: 'Draft',
  LIVE: 'Live',
  CAPPED: 'Daily cap reached',
  STOPPED: 'Stopped',
};

/** Field-by-field problems of a quest definition (the editor shows them; the server refuses with the first). */
export function validateQuestDefinition(def: {
  name?: unknown;
  steps?: readonly {
    eventName?: unknown;
    payout?: unknown;
    condition?: { param?: unknown; value?: unknown } | null;
    countryPayouts?: readonly CountryPayoutInput[];
  }[];
  countries?: readonly unknown[];
  dailyCap?: unknown;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (isBlank(def.name)) errors.name = REQUIRED;
  const steps = def.steps ?? [];
  if (steps.length === 0) errors.steps = 'must have at least one step';
  if (steps.length > QUEST_MAX_STEPS) errors.steps = `must have at most ${QUEST_MAX_STEPS} steps`;
  steps.forEach((step, i) => {
    if (isBlank(step.eventName)) errors[`steps.${i}.eventName`] = REQUIRED;
    const payout = requiredNumber(step.payout);
    if (payout) errors[`steps.${i}.payout`] = payout;
    else if (Number(step.payout) <= 0 || Number(step.payout) > QUEST_MAX_PAYOUT)
      errors[`steps.${i}.payout`] = `must be more than 0 and at most ${QUEST_MAX_PAYOUT}`;
    if (step.condition && (isBlank(step.condition.param) || isBlank(step.condition.value)))
      errors[`steps.${i}.condition`] = 'needs a parameter and a value';
    Object.assign(errors, validateCountryPayouts(i, step.countryPayouts ?? [], def.countries ?? []));
  });
  if (!def.countries || def.countries.length === 0) errors.countries = REQUIRED;
  const cap = requiredNumber(def.dailyCap);
  if (cap) errors.dailyCap = cap;
  else if (Number(def.dailyCap) <= 0) errors.dailyCap = 'must be more than 0';
  return errors;
}

/** 48 hours: a step's event must have been received within this window for the quest to be published. */
export const PREPUBLISH_WINDOW_MS = 48 * 60 * 60 * 1000;
export type QuestMenuItem = 'Edit' | 'Review Edits' | 'Restart' | 'Stop' | 'Delete';

/** docs/acquire.md §Quest states quest menu: Edit; Review Edits when it has a diff; Restart if restartable; Stop if stoppable; else Delete. */
export function questMenu(quest: Pick<Quest, 'diff'>, rule: QuestStatusRule): QuestMenuItem[] {
  const items: QuestMenuItem[] = ['Edit'];
  if (quest.diff) items.push('Review Edits');
  if (rule.canRestart) items.push('Restart');
  items.push(rule.canStop ? 'Stop' : 'Delete');
  return items;
}

/** docs/acquire.md §Quest states: Delete removes the active version, then the draft (only the versions that exist). */
export function questDeletionSteps(quest: Pick<Quest, 'active' | 'draft'>): Array<'active' | 'draft'> {
  const steps: Array<'active' | 'draft'> = [];
  if (quest.active) steps.push('active');
  if (quest.draft) steps.push('draft');
  return steps;
}

/** docs/acquire.md §Rules and limits quest grid. */
export const QUEST_GRID_PAGE_SIZE = 20;
export const QUEST_GRID_PAGE_SIZE_OPTIONS = [20, 50, 100] as const;

// ---------------------------------------------------------------- acquisition settings draft (docs/acquire.md §Entities, §Rules and limits)

export const TargetKpi = t.keyof(
  { roas_d7: null, retention_d1: null, retention_d7: null, playtime: null },
  'TargetKpi',
);
export type TargetKpi = t.TypeOf<typeof TargetKpi>;
export const TARGET_KPIS: readonly TargetKpi[] = ['roas_d7', 'retention_d1', 'retention_d7', 'playtime'];

/**
 * `analysisPeriod` is in days. The codec bounds the numbers' size; the Target form's own rules (a budget of 0 or more,
 * a period of 1 to 365 days: acquire-rules.ts) answer a value inside those bounds in the form's words, so a negative
 * budget passes the codec and is refused by the rule.
 */
export const AcquisitionSettingsDraft = struct(
  {
    countries: maxItems(line(2), 300, 'Countries'),
    dailyBudget: SignedMoney,
    targetKpi: TargetKpi,
    targetKpiValue: Measure,
    analysisPeriod: Count,
  },
  {},
  'AcquisitionSettingsDraft',
);
export type AcquisitionSettingsDraft = t.TypeOf<typeof AcquisitionSettingsDraft>;

/** docs/acquire.md §Rules and limits defaults: dailyBudget 0, targetKpi roas_d7, target value 5, analysis period 30 days. */
export const DEFAULT_DAILY_BUDGET = 0;
export const DEFAULT_TARGET_KPI: TargetKpi = 'roas_d7';
export const DEFAULT_TARGET_KPI_VALUE = 5;
export const DEFAULT_ANALYSIS_PERIOD_DAYS = 30;
export const defaultAcquisitionSettings = (): AcquisitionSettingsDraft => ({
  countries: [],
  dailyBudget: DEFAULT_DAILY_BUDGET,
  targetKpi: DEFAULT_TARGET_KPI,
  targetKpiValue: DEFAULT_TARGET_KPI_VALUE,
  analysisPeriod: DEFAULT_ANALYSIS_PERIOD_DAYS,
});

/** docs/acquire.md §Quest states: unsaved-change comparison debounce. */
export const SETTINGS_COMPARE_DEBOUNCE_MS = 200;

// The target's field rules (one validator for the form and the server) live in acquire-rules.ts.
export { validateAcquireTarget, type AcquireTargetForm, type AcquireTargetField } from './acquire-rules';

/** docs/acquire.md §Rules and limits: only the product's own staff users (isTpUser) may edit the target value. */
export const canEditTargetKpiValue = (account: { isTpUser?: boolean }): boolean => account.isTpUser === true;

// ---------------------------------------------------------------- calls (docs/acquire.md §API endpoints, paths ours)

export const QuestParams = struct({ appId: Id, questId: Id }, {}, 'QuestParams');
export const QuestsResponse = struct({ success: t.boolean, data: t.array(Quest) }, {}, 'QuestsResponse');
export type QuestsResponse = t.TypeOf<typeof QuestsResponse>;

/** publish all / discard all: which quests succeeded and failed ('All quests failed to …' when none succeeded). */
export const BulkQuestResult = struct(
  { success: t.boolean, succeeded: t.array(t.string), failed: t.array(t.string) },
  { message: t.string },
  'BulkQuestResult',
);
export type BulkQuestResult = t.TypeOf<typeof BulkQuestResult>;

/**
 * Discard all names the quests it was asked about: the server discards those that still have a draft, so a draft saved
 * after the question (another tab, a teammate) is never deleted unnamed.
 */
export const QUEST_MAX_BULK = 1000;
export const DiscardAllRequest = struct(
  { questIds: maxItems(Id, QUEST_MAX_BULK, 'QuestIds') },
  {},
  'DiscardAllRequest',
);
export type DiscardAllRequest = t.TypeOf<typeof DiscardAllRequest>;

/** null data: no draft yet, so the Quests tab is hidden (docs/acquire.md §Screens and routes). */
export const AcquisitionSettingsResponse = struct(
  { success: t.boolean, data: nullable(AcquisitionSettingsDraft) },
  {},
  'AcquisitionSettingsResponse',
);
export type AcquisitionSettingsResponse = t.TypeOf<typeof AcquisitionSettingsResponse>;

/** docs/acquire.md §API endpoints save settings draft: (app id, settings, flag applyPriceSuggestions); the app id is the path's :appId. */
export const SaveAcquisitionSettingsRequest = struct(
  { settings: AcquisitionSettingsDraft, applyPriceSuggestions: t.boolean },
  {},
  'SaveAcquisitionSettingsRequest',
);
export type SaveAcquisitionSettingsRequest = t.TypeOf<typeof SaveAcquisitionSettingsRequest>;

// ---------------------------------------------------------------- quest detail, source, player events (ours)

export const QuestResponse = struct({ success: t.boolean, data: Quest }, { message: t.string }, 'QuestResponse');
export type QuestResponse = t.TypeOf<typeof QuestResponse>;

/** Per-step funnel: viewed → started → each step → completed, with the median minutes from start to each step. */
export const FunnelStage = struct(
  { label: t.string, players: t.number },
  { medianMinutes: nullable(t.number) },
  'FunnelStage',
);
export type FunnelStage = t.TypeOf<typeof FunnelStage>;
export const QuestDetailResponse = struct(
  { success: t.boolean, data: Quest, funnel: t.array(FunnelStage) },
  {},
  'QuestDetailResponse',
);
export type QuestDetailResponse = t.TypeOf<typeof QuestDetailResponse>;

/** An event of the active source a step may use; `lastReceivedAt` in epoch ms (null: never). */
export const SourceEvent = struct({ eventName: t.string, lastReceivedAt: nullable(t.number) }, {}, 'SourceEvent');
export type SourceEvent = t.TypeOf<typeof SourceEvent>;
export const AcquireSource = struct({ pluginId: t.string, type: t.string, status: t.string }, {}, 'AcquireSource');
export type AcquireSource = t.TypeOf<typeof AcquireSource>;
/** null source: no attribution integration, so Acquire shows the gate (docs/acquire.md §Screens and routes). */
export const AcquireSourceResponse = struct(
  { success: t.boolean, data: struct({ source: nullable(AcquireSource), events: t.array(SourceEvent) }) },
  {},
  'AcquireSourceResponse',
);
export type AcquireSourceResponse = t.TypeOf<typeof AcquireSourceResponse>;

/** The player app's report of a quest view or start; `eventId` makes a replay count once. */
export const PlayerQuestEventKind = t.keyof({ view: null, start: null }, 'PlayerQuestEventKind');
/** A player's country, ISO 3166-1 alpha-2 (either case; stored upper-case). */
export const PlayerCountry = refine(
  line(2),
  (code) => /^[A-Za-z]{2}$/.test(code),
  'PlayerCountry',
  'must be a two-letter country code',
);
/**
 * `country`: the player's country as the player app knows it, sent with the start; a step the player completes is
 * charged that country's payout (docs/acquire.md §Payouts by country).
 */
export const PlayerQuestEvent = struct(
  { eventId: Id, questId: Id, playerId: Id, kind: PlayerQuestEventKind },
  { country: PlayerCountry },
  'PlayerQuestEvent',
);
export type PlayerQuestEvent = t.TypeOf<typeof PlayerQuestEvent>;
export const PlayerQuestEventResponse = struct(
  { success: t.boolean, outcome: t.keyof({ recorded: null, duplicate: null }) },
  {},
  'PlayerQuestEventResponse',
);
export const S2S_KEY_HEADER = 'x-questboard-key';

/**
 * KPI tracking that knows maturity ("beyond the peers"): the target KPI's actual value for the players acquired
 * through quests (cohorts by the day they started), counted only over cohorts old enough: roas_d7 and retention_d7
 * need 7 days plus KPI_LATE_DATA_DAYS of late data, retention_d1 1 day plus the same; playtime is not tracked from
 * postbacks. ROAS D7 = the players' postback revenue within 7 days of their start ÷ what their completed steps cost,
 * in percent; retention D1 / D7 = the share of players with a postback on that day after their start, in percent.
 */
export const KPI_LATE_DATA_DAYS = 3;
/** Each target KPI's name in words (alerts, the activity log). */
export const KPI_NAMES: Record<TargetKpi, string> = {
  roas_d7: 'ROAS D7',
  retention_d1: 'Retention D1',
  retention_d7: 'Retention D7',
  playtime: 'Playtime',
};
export const KPI_WINDOW_DAYS: Record<TargetKpi, number | null> = {
  roas_d7: 7,
  retention_d1: 1,
  retention_d7: 7,
  playtime: null,
};
/** Days as milliseconds (the KPI windows and the late-data allowance are whole days of 24 h). */
const KPI_DAY_MS = 86_400_000;
/**
 * The KPI card's maturity rule: a player who started at or before this instant counts for a KPI window of
 * `windowDays` (the window plus KPI_LATE_DATA_DAYS of late data have passed). The KPI card and the returns per quest
 * (docs/acquire.md §Returns per quest) both call it.
 */
export const matureStartedBy = (now: Date, windowDays: number): Date =>
  new Date(now.getTime() - (windowDays + KPI_LATE_DATA_DAYS) * KPI_DAY_MS);
/** While no cohort is mature: the UTC day (YYYY-MM-DD) the first start (ms epoch) becomes mature for the window. */
export const maturesOn = (firstStartMs: number, windowDays: number): string =>
  new Date(firstStartMs + (windowDays + KPI_LATE_DATA_DAYS) * KPI_DAY_MS).toISOString().slice(0, 10);
/** A KPI ratio in percent with one decimal (ROAS, retention); null when there is nothing to divide by. */
export const kpiPercent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
export const KpiVerdict = t.keyof(
  { no_data: null, not_mature: null, on_track: null, below_target: null, not_tracked: null },
  'KpiVerdict',
);
export type KpiVerdict = t.TypeOf<typeof KpiVerdict>;
export const KpiTracking = struct(
  {
    kpi: TargetKpi,
    target: t.number,
    value: nullable(t.number),
    verdict: KpiVerdict,
    players: t.number,
    maturePlayers: t.number,
    matureOn: nullable(t.string),
  },
  {
    /** The KPI card's chart: players acquired (first quest start) per UTC day, the last KPI_CHART_DAYS days, oldest first. */
    daily: t.array(t.type({ day: t.string, players: t.number })),
  },
  'KpiTracking',
);
export type KpiTracking = t.TypeOf<typeof KpiTracking>;
/** Days the KPI card's chart covers (today included). */
export const KPI_CHART_DAYS = 30;
export const KpiTrackingResponse = struct({ success: t.boolean, data: KpiTracking }, {}, 'KpiTrackingResponse');

const QUESTS = '/api/app/:appId/acquire/quests';
export const acquireEndpoints = {
  source: endpoint({
    method: 'GET',
    path: '/api/app/:appId/acquire/source',
    params: AppParams,
    response: AcquireSourceResponse,
  }),
  quests: endpoint({ method: 'GET', path: QUESTS, params: AppParams, response: QuestsResponse }),
  createQuest: endpoint({
    method: 'POST',
    path: QUESTS,
    params: AppParams,
    body: QuestDefinition,
    response: QuestResponse,
  }),
  quest: endpoint({ method: 'GET', path: `${QUESTS}/:questId`, params: QuestParams, response: QuestDetailResponse }),
  saveDraft: endpoint({
    method: 'PUT',
    path: `${QUESTS}/:questId/draft`,
    params: QuestParams,
    body: QuestDefinition,
    response: QuestResponse,
  }),
  publish: endpoint({
    method: 'POST',
    path: `${QUESTS}/:questId/publish`,
    params: QuestParams,
    response: SuccessMessage,
  }),
  stop: endpoint({ method: 'POST', path: `${QUESTS}/:questId/stop`, params: QuestParams, response: SuccessMessage }),
  restart: endpoint({
    method: 'POST',
    path: `${QUESTS}/:questId/restart`,
    params: QuestParams,
    response: SuccessMessage,
  }),
  deleteActive: endpoint({
    method: 'DELETE',
    path: `${QUESTS}/:questId/active`,
    params: QuestParams,
    response: SuccessMessage,
  }),
  deleteDraft: endpoint({
    method: 'DELETE',
    path: `${QUESTS}/:questId/draft`,
    params: QuestParams,
    response: SuccessMessage,
  }),
  discard: endpoint({
    method: 'POST',
    path: `${QUESTS}/:questId/discard`,
    params: QuestParams,
    response: SuccessMessage,
  }),
  publishAll: endpoint({ method: 'POST', path: `${QUESTS}/publish-all`, params: AppParams, response: BulkQuestResult }),
  discardAll: endpoint({
    method: 'POST',
    path: `${QUESTS}/discard-all`,
    params: AppParams,
    body: DiscardAllRequest,
    response: BulkQuestResult,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/app/:appId/acquire/settings',
    params: AppParams,
    response: AcquisitionSettingsResponse,
  }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/api/app/:appId/acquire/settings',
    params: AppParams,
    body: SaveAcquisitionSettingsRequest,
    response: SuccessMessage,
  }),
  kpi: endpoint({
    method: 'GET',
    path: '/api/app/:appId/acquire/kpi',
    params: AppParams,
    response: KpiTrackingResponse,
  }),
  playerEvent: endpoint({
    method: 'POST',
    path: '/api/s2s/:appId/quest-events',
    params: AppParams,
    body: PlayerQuestEvent,
    response: PlayerQuestEventResponse,
  }),
};
