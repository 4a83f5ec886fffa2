/**
 * `npm run postback:send -- --app <appId>`: sends realistic AppsFlyer in-app event postbacks (the macros of
 * server/areas/integrations/appsflyer/postback-format.ts) to a running server, so the demo's AppsFlyer plugin can be connected on a
 * fresh machine (then press Check Status on the tab).
 *
 * It signs in as the demo admin (--email / --password) to read the app's platform and its postback URL (or takes
 * --url, the URL shown on the AppsFlyer tab), then sends --count postbacks (a short play session: tutorial, levels,
 * an ad view, a purchase) for one test device, with af_sub1 = --player, af_sub2 = the app, af_sub3 = --quest, and
 * prints what became of each. Options: --server (http://127.0.0.1:8080), --count (5), --device, --player, --quest,
 * --method GET|POST (GET, as AppsFlyer sends them), --replay (send each twice: the second is a duplicate).
 *
 * `--source adjust` sends Adjust partner callbacks instead (the placeholders of server/areas/integrations/adjust/postback-format.ts):
 * one per event of the app's Adjust events file (read through the API), revenue in cents for events with a revenue
 * type, sub1 / sub2 / sub3 as callback parameters. Then press Check Status on the Adjust tab.
 */
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import {
  POSTBACK_PARTNERS,
  inWords,
  postbackPartnerOf,
  sourceOf,
  type PostbackPartner,
} from '../src/contracts/partners';

/** One play session's events, in order (AppsFlyer's predefined event names). */
const SESSION = [
  { event_name: 'af_tutorial_completion', event_value: { af_success: 'true' } },
  { event_name: 'af_level_achieved', event_value: { af_level: '1', af_score: '420' } },
  { event_name: 'af_level_achieved', event_value: { af_level: '2', af_score: '910' } },
  { event_name: 'af_ad_view', event_value: { af_adrev_ad_type: 'rewarded' } },
  {
    event_name: 'af_purchase',
    event_value: { af_content_id: 'gem_pack_small', af_quantity: '1' },
    revenue: '4.99',
    currency: 'USD',
  },
] as const;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** AppsFlyer's event_time: 'YYYY-MM-DD HH:mm:ss.SSS' in UTC. */
export const appsflyerTime = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;

export interface PostbackOptions {
  appId: string;
  platform: 'ios' | 'android';
  device: string;
  appsflyerId: string;
  player: string;
  quest: string;
  installedAt: Date;
}
/** The i-th postback of a session, as AppsFlyer fills in our postback template. */
export function appsflyerPostback(i: number, o: PostbackOptions, at: Date): Record<string, string> {
  const event = SESSION[i % SESSION.length]!;
  return {
    event_name: event.event_name,
    event_value: JSON.stringify(event.event_value),
    ...('revenue' in event ? { event_revenue: event.revenue, event_revenue_currency: event.currency } : {}),
    event_time: appsflyerTime(at),
    install_unix_ts: String(Math.floor(o.installedAt.getTime() / 1000)),
    appsflyer_id: o.appsflyerId,
    [o.platform === 'ios' ? 'idfa' : 'advertising_id']: o.device,
    af_sub1: o.player,
    af_sub2: o.appId,
    af_sub3: o.quest,
  };
}

/** An Adjust callback for one event of the app's events file, as Adjust fills our template. */
export function adjustCallback(
  event: { event_token: string; revenue?: unknown },
  o: PostbackOptions,
  at: Date,
): Record<string, string> {
  return {
    activity_kind: 'event',
    event: event.event_token,
    ...(event.revenue ? { revenue: '499', currency: 'USD' } : {}),
    adid: o.appsflyerId,
    [o.platform === 'ios' ? 'idfa' : 'gps_adid']: o.device,
    created_at: String(Math.floor(at.getTime() / 1000)),
    installed_at: String(Math.floor(o.installedAt.getTime() / 1000)),
    sub1: o.player,
    sub2: o.appId,
    sub3: o.quest,
  };
}

/** How the script sends a partner's postbacks: what it reads first through the API, and the i-th postback's fields. */
interface Sender {
  /** Reads what the postbacks need (Adjust: the app's events file); throws when the app cannot receive them yet. */
  prepare(
    server: string,
    appId: string,
    auth: Record<string, string>,
  ): Promise<(i: number, o: PostbackOptions, at: Date) => Record<string, string>>;
  /** What they are called in the messages. */
  noun: string;
  /** `prepare` reads the API (so the script signs in even when --url and --platform are given). */
  readsApi: boolean;
}

/** One sender per partner of the registry that sends postbacks (the type check asks for a new one). */
const SENDERS: Record<PostbackPartner, Sender> = {
  AppsFlyer: { noun: 'AppsFlyer postbacks', readsApi: false, prepare: async () => appsflyerPostback },
  Adjust: {
    noun: 'Adjust callbacks',
    readsApi: true,
    async prepare(server, appId, auth) {
      const events = (
        await json(await fetch(`${server}/api/app/${encodeURIComponent(appId)}/adjust`, { headers: auth }))
      ).events as { event_token: string; revenue?: unknown }[];
      if (events.length === 0) throw new Error(`${appId} has no Adjust events file: connect Adjust on its tab first.`);
      return (i, o, at) => adjustCallback(events[i % events.length]!, o, at);
    },
  },
};

async function json(res: Response) {
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.status} ${String((body.message as string | undefined) ?? res.statusText)}`);
  return body;
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      app: { type: 'string' },
      url: { type: 'string' },
      server: { type: 'string', default: process.env.QUESTBOARD_URL ?? 'http://127.0.0.1:8080' },
      email: { type: 'string', default: 'admin@demostudio.dev' },
      password: { type: 'string', default: 'questboard-demo' },
      count: { type: 'string', default: '5' },
      device: { type: 'string' },
      player: { type: 'string', default: 'player-demo-1' },
      quest: { type: 'string', default: 'quest-demo-1' },
      method: { type: 'string', default: 'GET' },
      platform: { type: 'string' },
      replay: { type: 'boolean', default: false },
      source: { type: 'string', default: 'appsflyer' },
    },
  });
  const appId = args.app;
  if (!appId)
    throw new Error(
      'usage: npm run postback:send -- --app <appId> [--url <postback url>] [--count 5] [--server http://127.0.0.1:8080]',
    );
  const server = args.server!.replace(/\/+$/, '');
  let url = args.url;
  let platform = args.platform as 'ios' | 'android' | undefined;
  const partner = postbackPartnerOf(args.source!);
  if (!partner) throw new Error(`--source is ${inWords(POSTBACK_PARTNERS.map(sourceOf))}`);
  const sender = SENDERS[partner];
  let postbackOf: ((i: number, o: PostbackOptions, at: Date) => Record<string, string>) | null = null;
  if (!url || !platform || sender.readsApi) {
    const signIn = await json(
      await fetch(`${server}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: args.email, password: args.password }),
      }),
    );
    const auth = { authorization: `Bearer ${String(signIn.token)}` };
    if (!platform) {
      const answer = await json(await fetch(`${server}/api/app/${encodeURIComponent(appId)}`, { headers: auth }));
      platform = ((answer.data as { platform?: string } | undefined)?.platform ?? answer.platform) as 'ios' | 'android';
    }
    url ??= String(
      (
        await json(
          await fetch(`${server}/api/app/${encodeURIComponent(appId)}/postbacks/${args.source}/url`, { headers: auth }),
        )
      ).url,
    );
    postbackOf = await sender.prepare(server, appId, auth);
  }
  postbackOf ??= await sender.prepare(server, appId, {});
  const options: PostbackOptions = {
    appId,
    platform,
    player: args.player!,
    quest: args.quest!,
    device: args.device ?? (platform === 'ios' ? randomUUID().toUpperCase() : randomUUID()),
    appsflyerId: `${Date.now()}-${Math.floor(Math.random() * 1e9)}`,
    installedAt: new Date(Date.now() - 10 * 60_000),
  };
  console.log(
    `Sending ${args.count} ${sender.noun} for ${appId} (${platform}, device ${options.device}) to ${url.replace(/[^/]+$/, '<secret>')}`,
  );
  const start = Date.now() - Number(args.count) * 30_000;
  let failures = 0;
  for (let i = 0; i < Number(args.count); i++) {
    const at = new Date(start + i * 30_000);
    const fields = postbackOf(i, options, at);
    for (let attempt = 0; attempt < (args.replay ? 2 : 1); attempt++) {
      const res =
        args.method?.toUpperCase() === 'POST'
          ? await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(fields),
            })
          : await fetch(`${url}?${new URLSearchParams(fields).toString()}`);
      const body = (await res.json().catch(() => ({}))) as { outcome?: string; message?: string };
      if (!res.ok) failures += 1;
      console.log(
        `  ${(fields.event_name ?? fields.event)!.padEnd(24)} ${res.status} ${body.outcome ?? body.message ?? ''}`,
      );
    }
  }
  if (failures) {
    console.error(`${failures} postback(s) were refused.`);
    process.exitCode = 1;
  } else console.log(`Done. Press Check Status on the ${partner} tab.`);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
