/**
 * The attribution partners registry (docs/architecture.md §Registries): every partner Questboard knows, one line each.
 * Every list of partners, client and server, derives from it: the plugin types (plugin-types.ts), the Integrations
 * tabs and the Overview row, Acquire's "connect a partner" list and its refusal, the postback formats
 * (server/areas/integrations/<source>/postback-format.ts, one per partner that sends postbacks, keyed by this registry), Check Status, the
 * postback health checks, the docs guides. `tests/unit/registries.test.ts` fails when a partner is listed by hand.
 *
 * Add a partner: docs/architecture.md §Registries (the numbered list).
 */

export interface PartnerEntry {
  /** How an app connects it: a plugin in Questboard (enable or connect on its tab), or an e-mail to the partner (no plugin). */
  readonly connect: 'plugin' | 'email';
  /** Questboard receives its postbacks: a format in server/areas/integrations/<source>/postback-format.ts reads them. */
  readonly postbacks: boolean;
  /** It has an integration guide, docs/guides/<source>_integration.md. */
  readonly guide: boolean;
  /**
   * With postbacks: what the partner calls the URL they go to, and the word for its plugin being ready on its tab, as
   * the docs guide's placeholder says them ("your app's callback URL (shown here once the Adjust plugin is connected)").
   */
  readonly postbackUrl?: { readonly name: string; readonly ready: string };
  /** Its events are declared in an events file uploaded on its tab: the app's event schemas follow the file. */
  readonly eventsFile?: boolean;
}

export const ATTRIBUTION_PARTNERS = {
  AppsFlyer: {
    connect: 'plugin',
    postbacks: true,
    guide: true,
    postbackUrl: { name: 'postback URL', ready: 'enabled' },
  },
  Adjust: {
    connect: 'plugin',
    postbacks: true,
    guide: true,
    postbackUrl: { name: 'callback URL', ready: 'connected' },
    eventsFile: true,
  },
  Singular: { connect: 'email', postbacks: false, guide: false },
} as const satisfies Readonly<Record<string, PartnerEntry>>;

type Registry = typeof ATTRIBUTION_PARTNERS;
export type Partner = keyof Registry;
/** Partners whose postbacks Questboard receives (each has a postback format on the server). */
export type PostbackPartner = { [K in Partner]: Registry[K]['postbacks'] extends true ? K : never }[Partner];

/** Whether the partner's events come from an events file uploaded on its tab. */
export const hasEventsFile = (partner: Partner): boolean =>
  (ATTRIBUTION_PARTNERS[partner] as PartnerEntry).eventsFile === true;

/** The partners in registry order. */
export const PARTNERS = Object.keys(ATTRIBUTION_PARTNERS) as Partner[];
export const POSTBACK_PARTNERS = PARTNERS.filter((p) => ATTRIBUTION_PARTNERS[p].postbacks) as PostbackPartner[];
export const isPartner = (name: string): name is Partner =>
  Object.prototype.hasOwnProperty.call(ATTRIBUTION_PARTNERS, name);
export const isPostbackPartner = (name: string): name is PostbackPartner =>
  isPartner(name) && ATTRIBUTION_PARTNERS[name].postbacks;

/** The URL segment of a partner's postbacks and its file names: its name in lower case ('appsflyer'). */
export const sourceOf = (name: string): string => name.toLowerCase();
/** The postback partner of a URL segment ('adjust' → 'Adjust'), or null. */
export const postbackPartnerOf = (source: string): PostbackPartner | null =>
  POSTBACK_PARTNERS.find((p) => sourceOf(p) === source) ?? null;

/** Names in words: 'A', 'A or B', 'A, B or C'. */
export const inWords = (names: readonly string[], last = 'or'): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${last} ${names[names.length - 1]}`;
