/** Kysely table types of the activity log (server/areas/activity/migrations.ts). */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { FieldChange } from '../../../src/contracts/domain-events';

/** One change a person or Questboard made in a workspace: written from its domain event, in the change's transaction. */
export interface ActivityTable {
  id: Generated<string>;
  workspace_id: string;
  app_id: string | null;
  at: ColumnType<Date, Date | string, never>;
  /** The account whose request made the change; null: Questboard itself. */
  actor_id: string | null;
  /** The actor's name when the change was made (a member removed later keeps their name here). */
  actor_name: string;
  area: string;
  verb: string;
  object_type: string;
  object_id: string;
  object_name: string;
  changes: JSONColumnType<FieldChange[], string, never>;
  event_id: string | null;
}

/** Every object name the workspace's log holds, once: the name search looks here first (docs/activity.md). */
export interface ActivityNameTable {
  workspace_id: string;
  name: string;
}

export interface ActivityTables {
  activity: ActivityTable;
  activity_names: ActivityNameTable;
}
