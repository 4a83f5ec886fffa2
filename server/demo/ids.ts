/** The demo's fixed names and ids (server/demo/seed.ts seeds them; area seeds and tests name them). */
export const DEMO_PASSWORD = 'questboard-demo';
export const DEMO_WORKSPACE_ID = 'demo-studio';
export const RIVAL_WORKSPACE_ID = 'rival-games';
export const DEMO_ACCOUNTS = {
  admin: 'admin@demostudio.dev',
  editor: 'editor@demostudio.dev',
  viewer: 'viewer@demostudio.dev',
  staff: 'staff@questboard.io',
  rival: 'rival@rivalgames.dev',
} as const;
export const DEMO_APP_IDS = {
  dragonMergeAndroid: 'dragon-merge-android',
  dragonMergeIos: 'dragon-merge-ios',
  pixelRacer: 'pixel-racer-android',
  wordGarden: 'word-garden-ios',
} as const;
export const RIVAL_APP_ID = 'rival-quest-android';
/** Apps whose BigQuery plugin has game events in the analytics store. */
export const ANALYTICS_APP_IDS = [DEMO_APP_IDS.dragonMergeAndroid, DEMO_APP_IDS.dragonMergeIos];
export const PENDING_INVITE_EMAIL = 'new.designer@demostudio.dev';
export const EXPIRED_INVITE_EMAIL = 'old.contractor@demostudio.dev';
