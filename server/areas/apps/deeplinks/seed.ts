/**
 * Demo acquisition links (server/areas/apps/deeplinks/deeplinks.ts) of the Dragon Merge apps: an AppsFlyer OneLink and the store
 * app links each platform opens, plus, on Android, an Adjust tracker link, a platform Questboard does not update
 * (shown and logged as unsupported, docs/app-settings.md §Entities).
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

export async function seedDeeplinks(
  trx: Transaction<Database>,
  ids: { dragonMergeAndroid: string; dragonMergeIos: string },
): Promise<void> {
  const rows = [
    {
      id: 'dl-dragon-android-onelink',
      app_id: ids.dragonMergeAndroid,
      type: 'OneLink',
      platform: 'appsFlyer',
      url: 'https://dragonmerge.onelink.me/Qb7x?pid=questboard_int&c=quests&af_dp=dragonmerge%3A%2F%2Fquests',
    },
    {
      id: 'dl-dragon-android-applink',
      app_id: ids.dragonMergeAndroid,
      type: 'AppLink',
      platform: 'android',
      url: 'https://play.dragonmerge.demostudio.dev/open?screen=quests',
    },
    {
      id: 'dl-dragon-android-adjust',
      app_id: ids.dragonMergeAndroid,
      type: 'AdjustLink',
      platform: 'adjust',
      url: 'https://app.adjust.com/abc123x?campaign=quests',
    },
    {
      id: 'dl-dragon-ios-universal',
      app_id: ids.dragonMergeIos,
      type: 'UniversalLink',
      platform: 'ios',
      url: 'https://apps.dragonmerge.demostudio.dev/open?screen=quests',
    },
    {
      id: 'dl-dragon-ios-onelink',
      app_id: ids.dragonMergeIos,
      type: 'OneLink',
      platform: 'appsFlyer',
      url: 'https://dragonmerge.onelink.me/Qb7y?pid=questboard_int&c=quests',
    },
  ];
  await trx
    .insertInto('app_deeplinks')
    .values(rows.map((row, position) => ({ ...row, position })))
    .execute();
}
