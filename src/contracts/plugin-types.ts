/**
 * The plugin types registry (docs/architecture.md §Registries): the data sources an app connects, one entry each —
 * the two Google Cloud sources here, and every attribution partner of partners.ts as one more type (so adding a
 * partner adds its plugin type). Every list of plugin types derives from it: the PluginType codec (plugin.ts) and
 * the `plugins.type` column, the Integrations tabs (src/paths.ts) and the Overview matrix, Features Unlocked, which
 * types connect through Google Cloud (IAM roles, Configure Connection), Acquire's sources, the docs guides, the
 * health checks. `tests/unit/registries.test.ts` fails when a plugin type is listed by hand.
 */
import { ATTRIBUTION_PARTNERS, type Partner, type PartnerEntry } from './partners';

/** Integrations Overview table (docs/integrations.md §Screens and routes): its rows. */
export const INTEGRATION_CAPABILITIES = ['Custom Analytics', 'Smart Quests', 'Realtime Triggers'] as const;
export type IntegrationCapability = (typeof INTEGRATION_CAPABILITIES)[number];

/** Features Unlocked by a source of events (docs/integrations.md §Rules and limits). */
const EVENT_SOURCE_FEATURES = [
  'Real-Time Quest Triggers',
  'Enhanced User Segmentation',
  'Custom Analytics for Engagement',
] as const;

export interface PluginTypeEntry {
  /** How it connects: a Google Cloud credential and project, a partner plugin, or an e-mail to the partner (no plugin). */
  readonly connection: 'google-cloud' | 'partner' | 'email';
  /** Its tab (and Overview column) shows always, or only once the app has such a plugin (docs/integrations.md §Screens and routes). */
  readonly tab: 'always' | 'with-plugin';
  /** Features Unlocked on its tab (docs/integrations.md §Rules and limits); none without a plugin screen. */
  readonly featuresUnlocked: readonly string[];
  /** The Overview rows it supports. */
  readonly capabilities: readonly IntegrationCapability[];
  /** Its events can be quest steps: a plugin of this type is an app's Acquire source (docs/acquire.md §Screens and routes). */
  readonly questEvents: boolean;
  /** It has an integration guide, docs/guides/<type in lower case>_integration.md. */
  readonly guide: boolean;
}

/** The sources connected through a Google Cloud credential (IAM roles, Configure Connection, Process Data). */
const GOOGLE_CLOUD_TYPES = {
  BigQuery: {
    connection: 'google-cloud',
    tab: 'always',
    featuresUnlocked: ['Actionable Game Insights', 'AI-Driven Quest Generation'],
    capabilities: ['Custom Analytics', 'Smart Quests'],
    questEvents: false,
    guide: true,
  },
  Firebase: {
    connection: 'google-cloud',
    tab: 'with-plugin',
    featuresUnlocked: EVENT_SOURCE_FEATURES,
    capabilities: ['Realtime Triggers'],
    questEvents: true,
    guide: true,
  },
} as const satisfies Readonly<Record<string, PluginTypeEntry>>;

/** An attribution partner as a plugin type: a realtime trigger; with a plugin, a source of quest events. */
const partnerType = (partner: PartnerEntry): PluginTypeEntry => ({
  connection: partner.connect === 'plugin' ? 'partner' : 'email',
  tab: 'always',
  featuresUnlocked: partner.connect === 'plugin' ? EVENT_SOURCE_FEATURES : [],
  capabilities: ['Realtime Triggers'],
  questEvents: partner.connect === 'plugin',
  guide: partner.guide,
});

export type GoogleCloudPluginType = keyof typeof GOOGLE_CLOUD_TYPES;
export type PluginTypeName = GoogleCloudPluginType | Partner;

export const PLUGIN_TYPE_REGISTRY: Readonly<Record<PluginTypeName, PluginTypeEntry>> = {
  ...GOOGLE_CLOUD_TYPES,
  ...(Object.fromEntries(
    Object.entries(ATTRIBUTION_PARTNERS).map(([name, partner]) => [name, partnerType(partner)]),
  ) as Record<Partner, PluginTypeEntry>),
};

/** The plugin types in registry order (the tabs' order). */
export const PLUGIN_TYPE_NAMES = Object.keys(PLUGIN_TYPE_REGISTRY) as PluginTypeName[];
export const GOOGLE_CLOUD_PLUGIN_TYPES = Object.keys(GOOGLE_CLOUD_TYPES) as GoogleCloudPluginType[];
export const isGoogleCloudType = (type: string): type is GoogleCloudPluginType =>
  Object.prototype.hasOwnProperty.call(GOOGLE_CLOUD_TYPES, type);
/** Whether an app can have a plugin of this type (Singular connects by e-mail: it has none). */
export const hasPlugin = (type: PluginTypeName): boolean => PLUGIN_TYPE_REGISTRY[type].connection !== 'email';
/** Plugin types whose events quest steps count: an app's plugin of one of them is its Acquire source. */
export const QUEST_EVENT_TYPES = PLUGIN_TYPE_NAMES.filter((type) => PLUGIN_TYPE_REGISTRY[type].questEvents);
/** Plugin types with an integration guide. */
export const GUIDE_TYPES = PLUGIN_TYPE_NAMES.filter((type) => PLUGIN_TYPE_REGISTRY[type].guide);
/** The slug of a plugin type's guide page (`/documentation/<slug>`), and its title. */
export const guideSlugOf = (type: PluginTypeName) => `${type.toLowerCase()}_integration` as const;
export const guideTitleOf = (type: PluginTypeName) => `${type} integration`;
