/** Kysely table types of the Acquire area (server/areas/acquire/migrations.ts). Money of completions in integer cents. */
import type { ColumnType, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** The app's acquisition settings draft (docs/acquire.md §Entities); no row: no draft yet (the Quests tab is hidden). */
export interface AcquireSettingsTable {
  app_id: string;
  countries: JSONColumnType<string[]>;
  daily_budget: number;
  target_kpi: string;
  target_kpi_value: number;
  analysis_period: number;
  updated_by: string | null;
  updated_at: CreatedAt;
}
/** One quest: its active (published) and draft definitions (src/contracts/acquire.ts QuestDefinition) and status. */
export interface QuestsTable {
  id: string;
  app_id: string;
  status: 'DRAFT' | 'LIVE' | 'STOPPED';
  active: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  draft: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  suggested: ColumnType<boolean, boolean | undefined, boolean>;
  published_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}
/** Views and starts reported by the player app (s2s); (app_id, event_id) unique, so a replay counts once. */
export interface QuestPlayerEventsTable {
  app_id: string;
  event_id: string;
  quest_id: string;
  player_id: string;
  kind: 'view' | 'start';
  at: Timestamp;
  /** The player's country sent with a start (ISO 3166-1 alpha-2, upper-case); null when not sent. */
  country: ColumnType<string | null, string | null | undefined, string | null>;
}
/** A player's completed step (from an attribution postback); charged when within the quest's daily cap. */
export interface QuestStepCompletionsTable {
  quest_id: string;
  player_id: string;
  step_index: number;
  event_name: string;
  payout_cents: number;
  charge_id: string | null;
  completed_at: Timestamp;
  /** The listed country whose payout `payout_cents` is; null: the step's own payout. */
  country: ColumnType<string | null, string | null | undefined, string | null>;
  /** The partner's event time and the postback's id (the replay rule of docs/acquire.md §Fraud holds). */
  event_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  postback_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A quest's completions in one UTC hour (written with each completion): what the spend and pacing charts read. */
export interface QuestSpendHoursTable {
  quest_id: string;
  hour: Timestamp;
  completions: number;
  over_cap: number;
  charged_cents: ColumnType<string | number, number, number>;
}

/** Players who completed each step of a quest (written with each completion): what the quest grid reads. */
export interface QuestStepCountsTable {
  quest_id: string;
  step_index: number;
  players: number;
}

/** A player's returns from one quest (docs/acquire.md §Returns per quest), made by the first start, kept by the writers. */
export interface QuestPlayerReturnsTable {
  quest_id: string;
  player_id: string;
  app_id: string;
  started_at: Timestamp;
  cost_cents: ColumnType<string | number, number | undefined, number>;
  /** Postback revenue (USD) received within 7 days of the start. */
  revenue_d7: ColumnType<number, number | undefined, number>;
  returned_d1: ColumnType<boolean, boolean | undefined, boolean>;
  returned_d7: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A quest's returns summed per UTC day and per UTC hour of its players' starts (written with each player's row). */
export interface QuestReturnSumsTable {
  quest_id: string;
  span: 'day' | 'hour';
  at: Timestamp;
  players: number;
  cost_cents: ColumnType<string | number, number, number>;
  revenue_d7: number;
  returned_d1: number;
  returned_d7: number;
}

/** A completion held by a fraud rule (docs/acquire.md §Fraud holds): charged once when released, never when rejected. */
export interface QuestCompletionHoldsTable {
  id: ColumnType<string, never, never>;
  app_id: string;
  quest_id: string;
  player_id: string;
  step_index: number;
  event_name: string;
  payout_cents: number;
  country: string | null;
  completed_at: Timestamp;
  event_time: Timestamp | null;
  postback_id: string | null;
  reason: string;
  evidence: JSONColumnType<Record<string, string | number | null>, string, string>;
  status: ColumnType<'held' | 'released' | 'rejected', 'held' | undefined, 'released' | 'rejected'>;
  held_at: Timestamp;
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  decided_by_name: ColumnType<string | null, string | null | undefined, string | null>;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  charge_id: ColumnType<string | null, string | null | undefined, string | null>;
}
/** An app's holds per status (kept with each hold and decision): the review list's counts. */
export interface QuestHoldCountsTable {
  app_id: string;
  status: string;
  holds: number;
}
/** Honest (not held) completions of a step per time-from-start bucket (src/contracts/acquire-fraud.ts bucketOf). */
export interface QuestStepTimingTable {
  quest_id: string;
  step_index: number;
  bucket: number;
  completions: number;
}
/** The players of a quest seen with one device id or client address (first seen at). */
export interface QuestFraudSignalsTable {
  quest_id: string;
  kind: 'device' | 'address';
  value: string;
  player_id: string;
  at: Timestamp;
}
/** An app's completions per media source and minute (the burst rule). */
export interface AcquireSourceMinutesTable {
  app_id: string;
  media_source: string;
  minute: Timestamp;
  completions: number;
}

/** A period whose target KPI below target was announced (0470, kpi-alerts.ts). */
export interface AcquireKpiAlertsTable {
  app_id: string;
  period: string;
  kpi: string;
  value: number;
  mature_players: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface AcquireTables {
  acquire_settings: AcquireSettingsTable;
  quests: QuestsTable;
  quest_player_events: QuestPlayerEventsTable;
  quest_step_completions: QuestStepCompletionsTable;
  quest_spend_hours: QuestSpendHoursTable;
  quest_step_counts: QuestStepCountsTable;
  quest_player_returns: QuestPlayerReturnsTable;
  quest_return_sums: QuestReturnSumsTable;
  quest_completion_holds: QuestCompletionHoldsTable;
  quest_step_timing: QuestStepTimingTable;
  quest_hold_counts: QuestHoldCountsTable;
  quest_fraud_signals: QuestFraudSignalsTable;
  acquire_source_minutes: AcquireSourceMinutesTable;
  acquire_kpi_alerts: AcquireKpiAlertsTable;
}
