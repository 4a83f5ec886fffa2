/**
 * What a health check of the integration health line sees and answers (server/areas/integrations/health.ts runs
 * them; attribution-health.ts and the built-in checks implement them).
 */
import type { Selectable } from 'kysely';
import type { PluginsTable } from '../../db/schema';
import type { HealthFinding } from '../../../src/contracts/firebase';
import type { CredentialSubject } from '../../providers/google-cloud/provider';
import type { RevenueSettingRef } from './revenue-settings';

type PluginRow = Selectable<PluginsTable>;

/** What a check sees of one source. Loaded once per source; `processedDays` and `grantedRoles` only when asked. */
export interface HealthSubject {
  plugin: PluginRow;
  now: number;
  events: readonly {
    eventName: string;
    status: 'ACTIVE' | 'ENABLED' | 'DISABLED';
    params: Record<string, string>;
    lastReceivedAt: number;
  }[];
  /** The latest job of each kind of this plugin. */
  latestJobs: readonly {
    kind: string;
    status: 'queued' | 'running' | 'succeeded' | 'failed';
    result: string | null;
    finishedAt: number | null;
  }[];
  revenueSettings: readonly RevenueSettingRef[];
  /** The credential and the roles it holds in the plugin's project (null: no credential, or the project unreachable). */
  grantedRoles(): Promise<{
    credential: Pick<CredentialSubject, 'type' | 'email' | 'projectId'>;
    project: string;
    roles: string[];
  } | null>;
  /** The events the deployed Firebase conversion function forwards (null: none deployed). */
  deployedEvents(): Promise<string[] | null>;
  /** The days (YYYY-MM-DD) the processed tables hold for the app, between the plugin's data range; null: unknown. */
  processedDays(): Promise<string[] | null>;
  /** Attribution sources: the app's stored postbacks of this source (last arrival, event names) and recent refusals. */
  postbacks(): Promise<{ lastAt: number | null; received: string[]; refused: { reason: string; count: number }[] }>;
  /** Adjust: the event names of its events file (null for other sources). */
  fileEvents(): Promise<string[] | null>;
}

export interface HealthCheck {
  id: string;
  run(subject: HealthSubject): Promise<HealthFinding | null> | HealthFinding | null;
}
