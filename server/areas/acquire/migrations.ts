/**
 * App-database changes of the Acquire area (numbers 0450–0479): the acquisition settings draft per app, quests with
 * their active and draft definitions, the player app's views and starts (one row per reported event, unique per app
 * and event id so a replayed request counts once), and completed steps (unique per quest, player and step, so a
 * postback delivered twice completes a step once), each linked to the billing charge it made, and their sums per
 * quest and UTC hour (spend and pacing); the player's country of a start and the country a completion was paid for;
 * each player's returns from a quest (cost, revenue D7, return days).
 */
import { sqlMigrations } from '../../db/migrations';
import { FILL_SPEND_HOURS_SQL, FILL_STEP_COUNTS_SQL } from './spend-hours';
import { FILL_QUEST_RETURN_SUMS_SQL, FILL_QUEST_RETURNS_SQL } from './quest-returns';

export const acquireMigrations = sqlMigrations({
  '0450_acquire': `
        CREATE TABLE acquire_settings (
          app_id text PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE,
          countries jsonb NOT NULL,
          daily_budget double precision NOT NULL,
          target_kpi text NOT NULL,
          target_kpi_value double precision NOT NULL,
          analysis_period integer NOT NULL,
          updated_by text REFERENCES accounts(id) ON DELETE SET NULL,
          updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE quests (
          id text PRIMARY KEY,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          status text NOT NULL CHECK (status IN ('DRAFT', 'LIVE', 'STOPPED')),
          active jsonb,
          draft jsonb,
          suggested boolean NOT NULL DEFAULT false,
          published_at timestamptz,
          created_at timestamptz NOT NULL DEFAULT now(),
          updated_at timestamptz NOT NULL DEFAULT now(),
          CHECK (active IS NOT NULL OR draft IS NOT NULL)
        );
        CREATE INDEX quests_app ON quests (app_id, created_at, id);
        CREATE TABLE quest_player_events (
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          event_id text NOT NULL,
          quest_id text NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
          player_id text NOT NULL,
          kind text NOT NULL CHECK (kind IN ('view', 'start')),
          at timestamptz NOT NULL,
          PRIMARY KEY (app_id, event_id)
        );
        CREATE INDEX quest_player_events_quest ON quest_player_events (quest_id, kind, player_id);
        CREATE TABLE quest_step_completions (
          quest_id text NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
          player_id text NOT NULL,
          step_index integer NOT NULL,
          event_name text NOT NULL,
          payout_cents integer NOT NULL,
          charge_id text REFERENCES billing_charges(id) ON DELETE SET NULL,
          completed_at timestamptz NOT NULL,
          PRIMARY KEY (quest_id, player_id, step_index)
        );
        CREATE INDEX quest_step_completions_day ON quest_step_completions (quest_id, completed_at)
      `,
  // A completed step names the charge Billing records for it after the commit (the quest.step_completed reaction),
  // so the charge does not exist yet when the step is stored: the id is a reference, not a foreign key.
  '0451_quest_charges_through_billing': `ALTER TABLE quest_step_completions DROP CONSTRAINT IF EXISTS quest_step_completions_charge_id_fkey`,
  // Spend and pacing (docs/acquire.md §Spend and pacing): each quest's completions per UTC hour, kept by the writer in
  // the completion's transaction (the quest row is locked there), so a chart reads at most 30 × 24 rows of a quest.
  '0452_quest_spend_hours': `
        CREATE TABLE quest_spend_hours (
          quest_id text NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
          hour timestamptz NOT NULL,
          completions integer NOT NULL,
          over_cap integer NOT NULL,
          charged_cents bigint NOT NULL,
          PRIMARY KEY (quest_id, hour)
        );${FILL_SPEND_HOURS_SQL}
      `,
  // The quest grid's completed players per step, kept by the same writer (one row per quest and step).
  '0453_quest_step_counts': `
        CREATE TABLE quest_step_counts (
          quest_id text NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
          step_index integer NOT NULL,
          players integer NOT NULL,
          PRIMARY KEY (quest_id, step_index)
        );${FILL_STEP_COUNTS_SQL}
      `,
  // Payouts by country (docs/acquire.md §Payouts by country): a step's payouts by country live in the quest's draft and
  // active definitions (JSON, so draft → review → publish carries them); the player app may send the player's country
  // with a start, and a completed step keeps the country whose payout it was charged (null: the step's own payout).
  '0454_quest_payouts_by_country': `
        ALTER TABLE quest_player_events ADD COLUMN IF NOT EXISTS country text;
        ALTER TABLE quest_step_completions ADD COLUMN IF NOT EXISTS country text
      `,
  // Returns per quest (docs/acquire.md §Returns per quest): one row per quest and player, made by the first start and
  // kept by the writers (a charged step's cost, a postback's revenue within 7 days and the D1 / D7 return days), and
  // their sums per quest and UTC day and hour of start, so the quest list reads a quest's days, at most a day of hours
  // and an hour of players; filled here from the stored starts, completions and postbacks. A postback finds its player's rows by
  // (app, player); the list finds a cutoff's hour of players by (quest, start).
  '0455_quest_player_returns': `
        CREATE TABLE quest_player_returns (
          quest_id text NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
          player_id text NOT NULL,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          started_at timestamptz NOT NULL,
          cost_cents bigint NOT NULL DEFAULT 0,
          revenue_d7 double precision NOT NULL DEFAULT 0,
          returned_d1 boolean NOT NULL DEFAULT false,
          returned_d7 boolean NOT NULL DEFAULT false,
          PRIMARY KEY (quest_id, player_id)
        );
        CREATE INDEX quest_player_returns_player ON quest_player_returns (app_id, player_id, started_at);
        CREATE INDEX quest_player_returns_start ON quest_player_returns (quest_id, started_at);
        CREATE TABLE quest_return_sums (
          quest_id text NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
          span text NOT NULL CHECK (span IN ('day', 'hour')),
          at timestamptz NOT NULL,
          players integer NOT NULL,
          cost_cents bigint NOT NULL,
          revenue_d7 double precision NOT NULL,
          returned_d1 integer NOT NULL,
          returned_d7 integer NOT NULL,
          PRIMARY KEY (quest_id, span, at)
        );${FILL_QUEST_RETURNS_SQL};${FILL_QUEST_RETURN_SUMS_SQL}
      `,
  // Fraud holds (docs/acquire.md §Fraud holds): a completion that looks fake is held (not charged) until an editor
  // releases it (charged once: the hold row is locked and its status moves once) or rejects it (never charged). The
  // rules read what earlier completions left: each step's time-from-start histogram (honest completions only), the
  // players seen per device id and client address of a quest, each media source's completions per minute, and a
  // completion's partner event time and postback id (replays). The start lookup of a completion gets its index.
  '0460_quest_fraud_holds': `
        CREATE TABLE quest_completion_holds (
          id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          quest_id text NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
          player_id text NOT NULL,
          step_index integer NOT NULL,
          event_name text NOT NULL,
          payout_cents integer NOT NULL,
          country text,
          completed_at timestamptz NOT NULL,
          event_time timestamptz,
          postback_id text,
          reason text NOT NULL CHECK (reason IN ('too_fast', 'shared_device', 'shared_address', 'replay', 'source_burst', 'player_held')),
          evidence jsonb NOT NULL,
          status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'released', 'rejected')),
          held_at timestamptz NOT NULL,
          decided_by text REFERENCES accounts(id) ON DELETE SET NULL,
          decided_by_name text,
          decided_at timestamptz,
          charge_id text,
          UNIQUE (quest_id, player_id, step_index)
        );
        CREATE INDEX quest_completion_holds_list ON quest_completion_holds (app_id, status, held_at DESC, id DESC);
        CREATE INDEX quest_completion_holds_recent ON quest_completion_holds (app_id, held_at);
        CREATE TABLE quest_step_timing (
          quest_id text NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
          step_index integer NOT NULL,
          bucket integer NOT NULL,
          completions integer NOT NULL,
          PRIMARY KEY (quest_id, step_index, bucket)
        );
        CREATE TABLE quest_fraud_signals (
          quest_id text NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
          kind text NOT NULL CHECK (kind IN ('device', 'address')),
          value text NOT NULL,
          player_id text NOT NULL,
          at timestamptz NOT NULL,
          PRIMARY KEY (quest_id, kind, value, player_id)
        );
        CREATE TABLE acquire_source_minutes (
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          media_source text NOT NULL,
          minute timestamptz NOT NULL,
          completions integer NOT NULL,
          PRIMARY KEY (app_id, media_source, minute)
        );
        ALTER TABLE quest_step_completions ADD COLUMN IF NOT EXISTS event_time timestamptz;
        ALTER TABLE quest_step_completions ADD COLUMN IF NOT EXISTS postback_id text;
        CREATE INDEX IF NOT EXISTS quest_player_events_start ON quest_player_events (quest_id, player_id, kind, at)
      `,
  // The target KPI below target once mature (docs/notifications.md §Target KPI below target): one row per app and
  // period announced, written in the `target.kpi_below` event's transaction (kpi-alerts.ts), so a period is announced
  // once; `mature_players` lets the next period announce only when more players matured.
  '0470_acquire_kpi_alerts': `
        CREATE TABLE acquire_kpi_alerts (
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          period text NOT NULL,
          kpi text NOT NULL,
          value double precision NOT NULL,
          mature_players integer NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (app_id, period)
        )
      `,
  // The review list's counts per status (the tab's badge), kept with each hold and decision so a read is ≤ 3 rows.
  '0461_quest_hold_counts': `
        CREATE TABLE quest_hold_counts (
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          status text NOT NULL,
          holds integer NOT NULL,
          PRIMARY KEY (app_id, status)
        );
        INSERT INTO quest_hold_counts (app_id, status, holds)
        SELECT app_id, status, count(*) FROM quest_completion_holds GROUP BY 1, 2
      `,
});
