/**
 * Pure view helpers of the integrations page (docs/integrations.md §Screens and routes, §Plugin states, §Rules and limits): tabs shown, status words and colours, the refresh
 * schedule as UTC text (5 cron fields read by cronstrue, else N/A), the Connection Status rows, default dates.
 */
import cronstrue from 'cronstrue';
import { STATUS_LABELS } from '../../contracts/integrations';
import type { Credential, Plugin, PluginType } from '../../contracts/plugin';
import { PLUGIN_TYPE_REGISTRY } from '../../contracts/plugin-types';
import { INTEGRATION_TABS } from '../../paths';

export type IntegrationTab = (typeof INTEGRATION_TABS)[number];

/** docs/integrations.md §Screens and routes: a type whose tab shows only with a plugin (Firebase) only when the app has one. */
export const visibleTabs = (plugins: readonly Plugin[]): IntegrationTab[] =>
  INTEGRATION_TABS.filter(
    (tab) => tab === 'Overview' || PLUGIN_TYPE_REGISTRY[tab].tab === 'always' || plugins.some((p) => p.source === tab),
  );

/** The tab of the URL, or null when it is not one of the visible tabs (the page then goes to the Overview). */
export const tabOf = (source: string | undefined, plugins: readonly Plugin[]): IntegrationTab | null =>
  visibleTabs(plugins).find((tab) => tab === source) ?? null;

export const pluginOf = (plugins: readonly Plugin[] | undefined, type: PluginType) =>
  plugins?.find((p) => p.source === type) ?? null;

/** docs/integrations.md §Plugin states colours: connected green, disconnected default, waiting for events / no data warning; pending hourglass. */
export function statusLook(plugin: Plugin | null) {
  if (!plugin) return { label: 'Not Connected', tone: 'default' as const, hourglass: false };
  const tone =
    plugin.connected === 'connected' ? 'success' : plugin.connected === 'disconnected' ? 'default' : 'warning';
  return { label: STATUS_LABELS[plugin.connected], tone, hourglass: plugin.connected === 'pending' } as const;
}
export const TONE_CLASSES = {
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  default: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/40',
} as const;

/** docs/integrations.md §Rules and limits: the refresh cron read as 5 fields and shown in UTC; otherwise N/A. */
export function refreshScheduleText(cron: string | null | undefined): string {
  if (!cron || cron.trim().split(/\s+/).length !== 5) return 'N/A';
  try {
    return `${cronstrue.toString(cron.trim(), { use24HourTimeFormat: true, throwExceptionOnParseError: true, verbose: false })} (UTC)`;
  } catch {
    return 'N/A';
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as YYYY-MM-DD HH:mm:ss UTC (the app's timestamp form), or N/A. */
export function utcTime(ms: number | null | undefined): string {
  if (!ms) return 'N/A';
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}

export const dayOffset = (days: number, from = Date.now()) =>
  new Date(from + days * 86_400_000).toISOString().slice(0, 10);

/** Connection Status rows (docs/integrations.md §Screens and routes): Status, GCP Project, GCP App, GCP App Platform, GCP App Id, Authenticated As. */
export function connectionRows(plugin: Plugin | null, credential: Credential | null, appId: string) {
  const project = plugin?.attributes?.targetProject ?? null;
  const apps = project ? (credential?.projects?.[project] ?? []) : [];
  const gcpApp = apps.find((a) => a.appId === appId) ?? apps[0] ?? null;
  return [
    { label: 'GCP Project', value: project },
    { label: 'GCP App', value: gcpApp?.displayName ?? null },
    { label: 'GCP App Platform', value: gcpApp?.platform ?? null },
    { label: 'GCP App Id', value: gcpApp?.tpAppId ?? null },
    { label: 'Authenticated As', value: credential?.authenticatedEntity.email ?? null },
  ];
}

export const hasOperation = (plugin: Plugin | null, op: NonNullable<Plugin['inProgress']>[number]) =>
  !!plugin?.inProgress?.includes(op);

/**
 * The Connection card's button (docs/integrations.md §Screens and routes Connect to {type} / Connecting... / Connected), from the same status as the
 * Status row: 'Connected' (nothing to do) only while the plugin is not disconnected; a disconnected plugin connects
 * again with its configuration; with no plugin the button opens Configure Connection.
 */
export function connectionButton(type: PluginType, plugin: Plugin | null, connecting: boolean) {
  if (connecting) return { label: 'Connecting...', busy: true, action: null } as const;
  if (!plugin) return { label: `Connect to ${type}`, busy: false, action: 'configure' } as const;
  if (plugin.connected === 'disconnected')
    return { label: `Connect to ${type}`, busy: false, action: 'reconnect' } as const;
  return { label: 'Connected', busy: false, action: null } as const;
}
