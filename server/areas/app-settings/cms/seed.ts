/** Demo store-listing details (server/areas/app-settings/cms/cms.ts) for the Demo Studio apps: texts, rating and genres, no images. */
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { JsonTextList, writeJson } from '../../../db/json-column';

interface DemoAppIds {
  dragonMergeAndroid: string;
  dragonMergeIos: string;
  pixelRacer: string;
  wordGarden: string;
}

export async function seedCmsDetails(trx: Transaction<Database>, ids: DemoAppIds): Promise<void> {
  const dragon = {
    short_description: 'Merge dragons, hatch eggs and grow your island.',
    full_description:
      'Merge three of a kind to evolve your dragons.\nExplore 40 islands and collect 200 creatures.\nPlay offline, any time.',
    rating: 4.46,
    genres: writeJson(JsonTextList, ['Puzzle', 'Casual', 'Adventure']),
  };
  const rows = [
    { app_id: ids.dragonMergeAndroid, ...dragon },
    { app_id: ids.dragonMergeIos, ...dragon, rating: 4.71 },
    {
      app_id: ids.pixelRacer,
      short_description: 'Retro arcade racing in pixel art.',
      full_description: 'Race through 60 tracks with 25 pixel cars.\nBeat your friends in weekly cups.',
      rating: 3.94,
      genres: writeJson(JsonTextList, ['Racing', 'Arcade']),
    },
  ];
  await trx
    .insertInto('cms_app_details')
    .values(rows.map((row) => ({ ...row, screenshot_file_ids: writeJson(JsonTextList, []), background_file_id: null })))
    .execute();
}
