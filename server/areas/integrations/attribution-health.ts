/**
 * The health line's checks for the attribution sources (docs/postbacks.md "Beyond the peers", on the registry of
 * integration-health.ts). AppsFlyer and Adjust are healthy while their postbacks keep arriving and counting:
 *   - no postback for longer than the partner's normal delay, once one has arrived (degraded);
 *   - postbacks refused in the last 24 hours, with the reasons counted, so a publisher testing a device sees why an
 *     event did not count (degraded);
 *   - Adjust: events of the events file that no callback ever carried (degraded).
 * The numbers come from the postbacks and postback_log rows (server/areas/postbacks/postbacks.ts), never from a flag.
 */
import type { HealthCheck } from './health-check';

const HOUR = 3_600_000;
/** Partners send in-app events within minutes; a quiet day is worth a look, not an alarm. */
export const POSTBACK_NORMAL_DELAY_MS = 24 * HOUR;
/** How far back refused postbacks count. */
export const REFUSED_WINDOW_MS = 24 * HOUR;

const hours = (ms: number) =>
  ms >= 48 * HOUR ? `${Math.floor(ms / (24 * HOUR))} days` : `${Math.floor(ms / HOUR)} hours`;
const listed = (items: readonly string[], max = 5) =>
  items.length > max ? `${items.slice(0, max).join(', ')} and ${items.length - max} more` : items.join(', ');

export const postbackSilenceCheck: HealthCheck = {
  id: 'postback-silence',
  async run(subject) {
    if (subject.plugin.status === 'disconnected') return null;
    const { lastAt } = await subject.postbacks();
    if (lastAt === null || subject.now - lastAt <= POSTBACK_NORMAL_DELAY_MS) return null;
    return {
      check: this.id,
      severity: 'degraded',
      message: `No postback for ${hours(subject.now - lastAt)} (normally within ${hours(POSTBACK_NORMAL_DELAY_MS)}).`,
    };
  },
};

export const refusedPostbacksCheck: HealthCheck = {
  id: 'refused-postbacks',
  async run(subject) {
    const { refused } = await subject.postbacks();
    if (refused.length === 0) return null;
    const total = refused.reduce((sum, r) => sum + r.count, 0);
    const reasons = refused.map((r) => `${r.reason} (${r.count})`);
    return {
      check: this.id,
      severity: 'degraded',
      message: `${total} postback${total === 1 ? ' was' : 's were'} refused in the last 24 hours: ${listed(reasons, 3)}.`,
    };
  },
};

export const fileEventsNeverReceivedCheck: HealthCheck = {
  id: 'file-events-never-received',
  async run(subject) {
    const file = await subject.fileEvents();
    const { lastAt, received } = await subject.postbacks();
    if (!file || file.length === 0 || lastAt === null) return null; // before the first callback, Waiting says it all
    const seen = new Set(received);
    const never = file.filter((name) => !seen.has(name));
    if (never.length === 0) return null;
    return {
      check: this.id,
      severity: 'degraded',
      message: `In the events file but never received: ${listed(never)}.`,
    };
  },
};
