/**
 * The documentation pages (docs/app-settings.md §Screens and routes /documentation/{product}_overview and /documentation/{name}_integration
 * ?workspaceId=..&appId=..): the guides there are, and the app's own values a guide fills in for a reader who may see
 * that app (its package or bundle id, its postback URLs, the service account e-mail to grant).
 *
 *   GET /api/app/:appId/guide-values?workspaceId=   → GuideValuesResponse   (viewer: any member of the app's workspace)
 *
 * Anyone else gets the usual 401 / 404 and the page shows placeholders instead (never an error page).
 */
import * as t from 'io-ts';
import { AppParams, Id, Platform, nullable, struct } from './codecs';
import { endpoint } from './endpoint';
import { GUIDE_TYPES, guideSlugOf, guideTitleOf, type PluginTypeName } from './plugin-types';
import { POSTBACK_PARTNERS, type PostbackPartner } from './partners';

export const OVERVIEW_GUIDE = 'questboard_overview';
/** A guide page: the overview, then one per plugin type with a guide (the registry, plugin-types.ts), in its order. */
export interface Guide {
  slug: string;
  title: string;
  /** The integrations tab the guide belongs to (the page's way back). */
  tab: 'Overview' | PluginTypeName;
}
export const GUIDES: readonly Guide[] = [
  { slug: OVERVIEW_GUIDE, title: 'Questboard overview', tab: 'Overview' },
  ...GUIDE_TYPES.map((type) => ({ slug: guideSlugOf(type), title: guideTitleOf(type), tab: type })),
];
export type GuideSlug = string;
export const isGuideSlug = (slug: string): slug is GuideSlug => GUIDES.some((g) => g.slug === slug);

/** A guide's token for the app's postback URL of a partner that sends postbacks: `appsflyerPostbackUrl`. */
export type PostbackUrlField = `${Lowercase<PostbackPartner>}PostbackUrl`;
export const postbackUrlField = <P extends PostbackPartner>(partner: P) =>
  `${partner.toLowerCase() as Lowercase<P>}PostbackUrl` as const;
/** One field per partner of the registry that sends postbacks: its postback URL; null until the app has one. */
const POSTBACK_URL_FIELDS = Object.fromEntries(
  POSTBACK_PARTNERS.map((partner) => [postbackUrlField(partner), nullable(t.string)]),
) as Record<PostbackUrlField, ReturnType<typeof nullable<t.StringC>>>;

export const GuideValues = struct(
  {
    appName: t.string,
    platform: Platform,
    workspaceName: t.string,
    /** Android package name or iOS bundle id; null when the app has none yet. */
    packageName: nullable(t.string),
    /** The app id AppsFlyer knows it by: the package name, or the App Store id with its `id` prefix. */
    appsflyerAppId: nullable(t.string),
    /** The Questboard service account of the workspace (grant it the IAM roles). */
    serviceAccountEmail: t.string,
    /** The GCP project of the app's BigQuery plugin, when set. */
    gcpProject: nullable(t.string),
    ...POSTBACK_URL_FIELDS,
  },
  {},
  'GuideValues',
);
export type GuideValues = t.TypeOf<typeof GuideValues>;

export const GuideValuesQuery = struct({ workspaceId: Id }, {}, 'GuideValuesQuery');
export const GuideValuesResponse = struct({ success: t.boolean, values: GuideValues }, {}, 'GuideValuesResponse');
export type GuideValuesResponse = t.TypeOf<typeof GuideValuesResponse>;

export const documentationEndpoints = {
  values: endpoint({
    method: 'GET',
    path: '/api/app/:appId/guide-values',
    params: AppParams,
    query: GuideValuesQuery,
    response: GuideValuesResponse,
  }),
};
