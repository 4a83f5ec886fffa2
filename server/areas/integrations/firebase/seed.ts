/**
 * The Firebase part's demo rows: Demo Studio's Word Garden Firebase plugin targets the sandbox project
 * `demo-studio-analytics` (so its Connection Status names the GCP project and app), with no conversion event enabled
 * yet, so a fresh start shows the docs/integrations.md §Plugin states banner and the Enable path. Idempotent: only a plugin without a target.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { DEMO_APP_IDS, DEMO_WORKSPACE_ID } from '../../../demo/ids';

export async function seedFirebaseDemo(db: Kysely<Database>) {
  const project = `${DEMO_WORKSPACE_ID}-analytics`;
  await db
    .updateTable('plugins')
    .set({
      attributes: sql`attributes || ${JSON.stringify({ targetProject: project, targetProjectName: 'Demo Studio Analytics' })}::jsonb`,
    })
    .where('id', '=', `${DEMO_APP_IDS.wordGarden}-firebase`)
    .where(sql<boolean>`NOT (attributes ? 'targetProject')`)
    .execute();
}
