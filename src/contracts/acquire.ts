/**
 * Acquire: quests (campaigns) and the acquisition settings draft (SPEC §2 Acquire, §3 Quest and Acquisition settings
 * draft, §4 Quest and Acquire settings, §5 Acquire target, §6 viewers, §7 Acquire calls, §9 defaults and grid sizes).
 *
 * A quest has an active (published) version and/or a draft version; `diff` says the draft differs from the active one
 * (SPEC §4 "Review Edits when it has a diff"). The quest status values come from a status table SPEC does not show,
 * so `status` is an open string and the menu takes the table's answer as a `QuestStatusRule`.
 *
 * SPEC §7 shows no Acquire paths; ours (app routes: the caller must be a member of the app's workspace):
 *   GET    /api/app/:appId/acquire/quests                        → QuestsResponse                  (viewer)
 *   POST   /api/app/:appId/acquire/quests/:questId/stop          → SuccessMessage                  (editor)
 *   POST   /api/app/:appId/acquire/quests/:questId/restart       → SuccessMessage                  (editor)
 *   DELETE /api/app/:appId/acquire/quests/:questId/active        → SuccessMessage                  (editor)
 *   DELETE /api/app/:appId/acquire/quests/:questId/draft         → SuccessMessage                  (editor)
 *   POST   /api/app/:appId/acquire/quests/:questId/discard       → SuccessMessage                  (editor)
 *   POST   /api/app/:appId/acquire/quests/publish-all            → BulkQuestResult                 (editor)
 *   POST   /api/app/:appId/acquire/quests/discard-all            → BulkQuestResult                 (editor)
 *   GET    /api/app/:appId/acquire/settings                      → AcquisitionSettingsResponse     (viewer)
 *   POST   /api/app/:appId/acquire/settings  SaveAcquisitionSettingsRequest → SuccessMessage       (editor)
 */
import * as t from 'io-ts';
import { struct, nullable } from './codecs';
import { type FieldErrors, Integer, REQUIRED, isBlank, requiredInteger, requiredNumber } from './validation';

// ---------------------------------------------------------------- quests (SPEC §3 Quest)

export const QuestAnalytics = struct(
  { totalViewed: t.number, totalStarted: t.number, totalCompleted: t.number, percentageCompleted: t.number },
  {},
  'QuestAnalytics',
);
export type QuestAnalytics = t.TypeOf<typeof QuestAnalytics>;

/** One version (active or draft) of a quest. */
export const QuestVersion = struct(
  { id: t.string, name: t.string, status: t.string },
  { analytics: nullable(QuestAnalytics) },
  'QuestVersion',
);
export type QuestVersion = t.TypeOf<typeof QuestVersion>;

export const Quest = struct(
  { id: t.string, diff: t.boolean },
  { active: nullable(QuestVersion), draft: nullable(QuestVersion) },
  'Quest',
);
export type Quest = t.TypeOf<typeof Quest>;

/** The version a grid row shows: the active one, else the draft. */
export const shownVersion = (quest: Quest): QuestVersion | null => quest.active ?? quest.draft ?? null;

/** What the (unshown) status table says about a status (SPEC §4). */
export interface QuestStatusRule {
  canRestart: boolean;
  canStop: boolean;
}
export type QuestMenuItem = 'Edit' | 'Review Edits' | 'Restart' | 'Stop' | 'Delete';

/** SPEC §4 quest menu: Edit; Review Edits when it has a diff; Restart if restartable; Stop if stoppable; else Delete. */
export function questMenu(quest: Pick<Quest, 'diff'>, rule: QuestStatusRule): QuestMenuItem[] {
  const items: QuestMenuItem[] = ['Edit'];
  if (quest.diff) items.push('Review Edits');
  if (rule.canRestart) items.push('Restart');
  items.push(rule.canStop ? 'Stop' : 'Delete');
  return items;
}

/** SPEC §4: Delete removes the active version, then the draft (only the versions that exist). */
export function questDeletionSteps(quest: Pick<Quest, 'active' | 'draft'>): Array<'active' | 'draft'> {
  const steps: Array<'active' | 'draft'> = [];
  if (quest.active) steps.push('active');
  if (quest.draft) steps.push('draft');
  return steps;
}

/** SPEC §9 quest grid. */
export const QUEST_GRID_PAGE_SIZE = 20;
export const QUEST_GRID_PAGE_SIZE_OPTIONS = [20, 50, 100] as const;

// ---------------------------------------------------------------- acquisition settings draft (SPEC §3, §5, §9)

export const TargetKpi = t.keyof({ roas_d7: null, retention_d1: null, retention_d7: null, playtime: null }, 'TargetKpi');
export type TargetKpi = t.TypeOf<typeof TargetKpi>;
export const TARGET_KPIS: readonly TargetKpi[] = ['roas_d7', 'retention_d1', 'retention_d7', 'playtime'];

/** `analysisPeriod` is in days. */
export const AcquisitionSettingsDraft = struct(
  {
    countries: t.array(t.string),
    dailyBudget: t.number,
    targetKpi: TargetKpi,
    targetKpiValue: t.number,
    analysisPeriod: Integer,
  },
  {},
  'AcquisitionSettingsDraft',
);
export type AcquisitionSettingsDraft = t.TypeOf<typeof AcquisitionSettingsDraft>;

/** SPEC §9 defaults: dailyBudget 0, targetKpi roas_d7, target value 5, analysis period 30 days. */
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

/** SPEC §4: unsaved-change comparison debounce. */
export const SETTINGS_COMPARE_DEBOUNCE_MS = 200;

/** What the target form holds while editing: inputs may be strings or empty. */
export interface AcquireTargetForm {
  countries?: readonly string[] | null;
  dailyBudget?: unknown;
  targetKpi?: unknown;
  targetKpiValue?: unknown;
  analysisPeriod?: unknown;
}
export type AcquireTargetField = 'countries' | 'dailyBudget' | 'targetKpiValue' | 'analysisPeriod';

/**
 * SPEC §5 Acquire target: countries required; dailyBudget required number; targetKpiValue required number;
 * analysisPeriod required integer. Numeric strings count as numbers (form inputs). The KPI itself is not editable and
 * not checked here (the codec guards it on the wire).
 */
export function validateAcquireTarget(form: AcquireTargetForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(form.countries) || form.countries.filter((c) => !isBlank(c)).length === 0) errors.countries = REQUIRED;
  const dailyBudget = requiredNumber(form.dailyBudget);
  if (dailyBudget) errors.dailyBudget = dailyBudget;
  const targetKpiValue = requiredNumber(form.targetKpiValue);
  if (targetKpiValue) errors.targetKpiValue = targetKpiValue;
  const analysisPeriod = requiredInteger(form.analysisPeriod);
  if (analysisPeriod) errors.analysisPeriod = analysisPeriod;
  return errors;
}

/** SPEC §5: only the product's own staff users (isTpUser) may edit the target value. */
export const canEditTargetKpiValue = (account: { isTpUser?: boolean }): boolean => account.isTpUser === true;

// ---------------------------------------------------------------- calls (SPEC §7, paths ours)

export const QuestParams = struct({ appId: t.string, questId: t.string }, {}, 'QuestParams');
export const QuestsResponse = struct({ success: t.boolean, data: t.array(Quest) }, {}, 'QuestsResponse');
export type QuestsResponse = t.TypeOf<typeof QuestsResponse>;

/** publish all / discard all: which quests succeeded and failed ('All quests failed to …' when none succeeded). */
export const BulkQuestResult = struct(
  { success: t.boolean, succeeded: t.array(t.string), failed: t.array(t.string) },
  { message: t.string },
  'BulkQuestResult',
);
export type BulkQuestResult = t.TypeOf<typeof BulkQuestResult>;

/** null data: no draft yet, so the Quests tab is hidden (SPEC §2). */
export const AcquisitionSettingsResponse = struct(
  { success: t.boolean, data: nullable(AcquisitionSettingsDraft) },
  {},
  'AcquisitionSettingsResponse',
);
export type AcquisitionSettingsResponse = t.TypeOf<typeof AcquisitionSettingsResponse>;

/** SPEC §7 save settings draft: (app id, settings, flag applyPriceSuggestions); the app id is the path's :appId. */
export const SaveAcquisitionSettingsRequest = struct(
  { settings: AcquisitionSettingsDraft, applyPriceSuggestions: t.boolean },
  {},
  'SaveAcquisitionSettingsRequest',
);
export type SaveAcquisitionSettingsRequest = t.TypeOf<typeof SaveAcquisitionSettingsRequest>;
