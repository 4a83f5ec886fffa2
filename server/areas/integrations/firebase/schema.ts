/** Tables of the Firebase part of the integrations area (migrations: firebase-migrations.ts). */
import type { ColumnType } from 'kysely';

/** The conversion function deployed for a Firebase plugin: its version and the enabled events it forwards. */
export interface FirebaseFunctionsTable {
  plugin_id: string;
  version: string;
  event_names: ColumnType<string[], string, string>;
  deployed_at: ColumnType<Date, Date, Date>;
}
export interface FirebaseTables {
  firebase_functions: FirebaseFunctionsTable;
}
