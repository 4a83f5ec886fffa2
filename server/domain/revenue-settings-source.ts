/**
 * STUB, wired at merge: the revenue settings of an app's events as the health line's revenue check reads them.
 * Helper "revenue" builds revenue settings in its own table (migrations 0380–0389); until the lead connects this
 * function to it, it answers that no event has revenue settings, so the check finds nothing.
 */
import type { ServerContext } from '../context';

/** One event's revenue settings (SPEC §3 monetizeMetadata): the parameters it names for revenue and currency. */
export interface RevenueSettingRef {
  source: 'BigQuery' | 'Firebase' | 'AppsFlyer' | 'Adjust' | 'Singular';
  eventName: string;
  revenueEp: string;
  currencyEp: string;
}

export async function revenueSettingsFor(_ctx: ServerContext, _appId: string): Promise<RevenueSettingRef[]> {
  return [];
}
