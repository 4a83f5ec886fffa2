/**
 * The Monetize area's demo rows: Demo Studio (allowMonetize = 1) runs a LIVE campaign on Dragon Merge (iOS) that sends
 * traffic to the Android version and shows quests to engaged players (3+ sessions in 30 days) in four countries.
 * The other apps have none, so switching Monetize on can be tried on them.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { TargetCondition } from '../../../src/contracts/monetize';
import { JsonTextList, writeJson } from '../../db/json-column';
import { TargetConditions } from './schema';

export const DEMO_MONETIZE_ID = 'demo-monetize-dragon-merge-ios';

export async function seedMonetize(
  trx: Transaction<Database>,
  ids: { dragonMergeAndroid: string; dragonMergeIos: string },
): Promise<void> {
  const conditions: TargetCondition[] = [
    { type: 'user', metric: 'total', key: 'sessions', dataType: 'number', op: 'greater_than_or_equal', value: 3 },
  ];
  await trx
    .insertInto('monetize_campaigns')
    .values({
      id: DEMO_MONETIZE_ID,
      app_id: ids.dragonMergeIos,
      ref_public_price: 1.5,
      min_accepted_price: 0.8,
      send_traffic_to_app_ids: writeJson(JsonTextList, [ids.dragonMergeAndroid]),
      countries: writeJson(JsonTextList, ['US', 'GB', 'CA', 'DE']),
      target_conditions: writeJson(TargetConditions, conditions),
      status: 'LIVE',
    })
    .execute();
}
