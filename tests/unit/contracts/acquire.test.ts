import { describe, expect, it } from 'vitest';
import {
  AcquisitionSettingsDraft,
  AcquisitionSettingsResponse,
  BulkQuestResult,
  Quest,
  QuestAnalytics,
  QuestParams,
  QuestVersion,
  QuestsResponse,
  SaveAcquisitionSettingsRequest,
  DEFAULT_ANALYSIS_PERIOD_DAYS,
  DEFAULT_DAILY_BUDGET,
  DEFAULT_TARGET_KPI,
  DEFAULT_TARGET_KPI_VALUE,
  QUEST_GRID_PAGE_SIZE,
  QUEST_GRID_PAGE_SIZE_OPTIONS,
  SETTINGS_COMPARE_DEBOUNCE_MS,
  TARGET_KPIS,
  canEditTargetKpiValue,
  defaultAcquisitionSettings,
  questDeletionSteps,
  questMenu,
  shownVersion,
  validateAcquireTarget,
} from '../../../src/contracts/acquire';
import * as fx from '../../fixtures/acquire';
import { codecSuite, decodeMessages } from './codec-harness';

codecSuite([
  {
    name: 'QuestAnalytics',
    codec: QuestAnalytics,
    fixture: fx.questAnalytics,
    required: ['totalViewed', 'totalStarted', 'totalCompleted', 'percentageCompleted'],
  },
  {
    name: 'QuestVersion',
    codec: QuestVersion,
    fixture: fx.editedQuest.active,
    required: ['id', 'name', 'status', 'analytics.totalViewed'],
    nested: ['analytics'],
  },
  {
    name: 'Quest (active and draft)',
    codec: Quest,
    fixture: fx.editedQuest,
    required: [
      'id',
      'diff',
      'active.name',
      'active.status',
      'active.analytics.percentageCompleted',
      'draft.id',
      'draft.name',
    ],
    nested: ['active', 'active.analytics', 'draft'],
  },
  {
    name: 'Quest (draft only)',
    codec: Quest,
    fixture: fx.draftOnlyQuest,
    required: ['diff', 'draft.status'],
    nested: ['draft'],
  },
  {
    name: 'AcquisitionSettingsDraft',
    codec: AcquisitionSettingsDraft,
    fixture: fx.acquisitionSettings,
    required: ['countries', 'dailyBudget', 'targetKpi', 'targetKpiValue', 'analysisPeriod'],
  },
  {
    name: 'QuestsResponse',
    codec: QuestsResponse,
    fixture: { success: true, data: [fx.editedQuest, fx.draftOnlyQuest] },
    required: ['success', 'data', 'data.0.active.analytics.totalCompleted'],
    nested: ['data.0', 'data.0.draft'],
  },
  {
    name: 'AcquisitionSettingsResponse',
    codec: AcquisitionSettingsResponse,
    fixture: { success: true, data: fx.acquisitionSettings },
    required: ['data.analysisPeriod'],
    nested: ['data'],
  },
  {
    name: 'SaveAcquisitionSettingsRequest',
    codec: SaveAcquisitionSettingsRequest,
    fixture: { settings: fx.acquisitionSettings, applyPriceSuggestions: false },
    required: ['settings', 'applyPriceSuggestions', 'settings.countries'],
    nested: ['settings'],
  },
  {
    name: 'BulkQuestResult',
    codec: BulkQuestResult,
    fixture: {
      success: false,
      succeeded: [],
      failed: ['quest_1', 'quest_2'],
      message: 'All quests failed to publish.',
    },
    required: ['success', 'succeeded', 'failed'],
  },
  {
    name: 'QuestParams',
    codec: QuestParams,
    fixture: { appId: 'app_1', questId: 'quest_1' },
    required: ['appId', 'questId'],
  },
]);

describe('acquire codecs: rejections', () => {
  it('accepts only the four target KPIs', () => {
    expect(TARGET_KPIS).toEqual(['roas_d7', 'retention_d1', 'retention_d7', 'playtime']);
    for (const targetKpi of TARGET_KPIS)
      expect(AcquisitionSettingsDraft.is({ ...fx.acquisitionSettings, targetKpi })).toBe(true);
    expect(decodeMessages(AcquisitionSettingsDraft, { ...fx.acquisitionSettings, targetKpi: 'roas_d30' })).toEqual([
      'targetKpi must be one of roas_d7, retention_d1, retention_d7, playtime',
    ]);
  });
  it('requires a whole analysis period', () => {
    expect(decodeMessages(AcquisitionSettingsDraft, { ...fx.acquisitionSettings, analysisPeriod: 7.5 })).toEqual([
      'analysisPeriod must be an integer',
    ]);
  });
});

describe('defaults (docs/acquire.md §Rules and limits)', () => {
  it('starts a draft with dailyBudget 0, roas_d7, target value 5 and 30 days', () => {
    expect(defaultAcquisitionSettings()).toEqual({
      countries: [],
      dailyBudget: 0,
      targetKpi: 'roas_d7',
      targetKpiValue: 5,
      analysisPeriod: 30,
    });
    expect([DEFAULT_DAILY_BUDGET, DEFAULT_TARGET_KPI, DEFAULT_TARGET_KPI_VALUE, DEFAULT_ANALYSIS_PERIOD_DAYS]).toEqual([
      0,
      'roas_d7',
      5,
      30,
    ]);
    expect(AcquisitionSettingsDraft.is(defaultAcquisitionSettings())).toBe(true);
  });
  it('returns a fresh object each time', () => {
    const first = defaultAcquisitionSettings();
    first.countries.push('US');
    expect(defaultAcquisitionSettings().countries).toEqual([]);
  });
  it('pages the quest grid by 20 with options 20, 50, 100 and debounces the comparison 200 ms', () => {
    expect(QUEST_GRID_PAGE_SIZE).toBe(20);
    expect(QUEST_GRID_PAGE_SIZE_OPTIONS).toEqual([20, 50, 100]);
    expect(SETTINGS_COMPARE_DEBOUNCE_MS).toBe(200);
  });
});

describe('validateAcquireTarget (docs/acquire.md §Rules and limits)', () => {
  it('accepts a complete target', () => {
    expect(validateAcquireTarget(fx.acquisitionSettings)).toEqual({});
    expect(validateAcquireTarget({ ...defaultAcquisitionSettings(), countries: ['US'] })).toEqual({});
  });
  it('accepts numeric strings from inputs', () => {
    expect(
      validateAcquireTarget({ countries: ['US'], dailyBudget: '100.5', targetKpiValue: ' 5 ', analysisPeriod: '30' }),
    ).toEqual({});
  });
  it('requires every field', () => {
    expect(validateAcquireTarget({})).toEqual({
      countries: 'required',
      dailyBudget: 'required',
      targetKpiValue: 'required',
      analysisPeriod: 'required',
    });
    expect(
      validateAcquireTarget({ countries: [], dailyBudget: '', targetKpiValue: null, analysisPeriod: '  ' }),
    ).toEqual({
      countries: 'required',
      dailyBudget: 'required',
      targetKpiValue: 'required',
      analysisPeriod: 'required',
    });
  });
  it('requires numbers and a whole analysis period', () => {
    expect(
      validateAcquireTarget({
        countries: ['US'],
        dailyBudget: 'ten',
        targetKpiValue: Number.NaN,
        analysisPeriod: 14.5,
      }),
    ).toEqual({
      dailyBudget: 'must be a number',
      targetKpiValue: 'must be a number',
      analysisPeriod: 'must be an integer',
    });
    expect(
      validateAcquireTarget({ countries: ['US'], dailyBudget: 0, targetKpiValue: 0, analysisPeriod: '7.2' }),
    ).toEqual({
      analysisPeriod: 'must be an integer',
    });
  });
  it('does not count blank country entries', () => {
    expect(validateAcquireTarget({ ...fx.acquisitionSettings, countries: [' '] })).toEqual({ countries: 'required' });
  });
  it('lets only the product staff edit the target value', () => {
    expect(canEditTargetKpiValue({ isTpUser: true })).toBe(true);
    expect(canEditTargetKpiValue({ isTpUser: false })).toBe(false);
    expect(canEditTargetKpiValue({})).toBe(false);
  });
});

describe('quest menu (docs/acquire.md §Quest states)', () => {
  it('offers Edit, Review Edits on a diff, Restart when restartable and Stop when stoppable', () => {
    expect(questMenu(fx.editedQuest, { canRestart: false, canStop: true })).toEqual(['Edit', 'Review Edits', 'Stop']);
    expect(questMenu(fx.editedQuest, { canRestart: true, canStop: false })).toEqual([
      'Edit',
      'Review Edits',
      'Restart',
      'Delete',
    ]);
  });
  it('offers Delete when the quest cannot be stopped', () => {
    expect(questMenu(fx.draftOnlyQuest, { canRestart: false, canStop: false })).toEqual(['Edit', 'Delete']);
  });
  it('deletes the active version, then the draft', () => {
    expect(questDeletionSteps(fx.editedQuest)).toEqual(['active', 'draft']);
    expect(questDeletionSteps(fx.draftOnlyQuest)).toEqual(['draft']);
    expect(questDeletionSteps({ active: fx.editedQuest.active, draft: null })).toEqual(['active']);
  });
  it('shows the active version, else the draft', () => {
    expect(shownVersion(fx.editedQuest)?.name).toBe('Reach level 10');
    expect(shownVersion(fx.draftOnlyQuest)?.name).toBe('Watch 3 rewarded ads');
    expect(shownVersion({ id: 'q', diff: false })).toBeNull();
  });
});
