/**
 * Notifications (docs/notifications.md): the built-in alerts (src/contracts/notifications.ts `ALERTS`) put into the
 * inboxes of the members they concern, from the domain events that fire them (after-commit reactions in
 * server/areas.ts), once per person, object and period, and sent by e-mail (a job, through the mail provider) to
 * those whose e-mail switch is on, and POSTed to the workspace's webhooks that carry them; read through the bell in
 * the header, with per-person preferences; and each person's report and dashboard subscriptions, whose digests the
 * scheduler sends at their hour (./digests.ts, docs/notifications.md §Subscriptions).
 * This file is the area's only door (docs/architecture.md §Areas and their doors).
 */
export {
  alertInvitationAccepted,
  alertPaymentFailed,
  alertProcessFailed,
  alertQuestCapped,
  alertQuestCapNear,
  alertHoldsBurst,
  alertBudgetFast,
  alertRunwayLow,
  alertSourceSilent,
  alertSourceDegraded,
  alertKpiBelow,
  deliverAlert,
} from './notifications';
export { scheduleNotificationEmails } from './email';
import { EMAIL_JOB, notificationJobs as alertJobs } from './email';
import { DIGEST_JOB, runDigestJob } from './digests';
import { metricAlertJobs } from './metric-alerts';
import type { JobHandlers } from '../../jobs/queue';
export { scheduleDigests } from './digests';
/**
 * The area's jobs in two lanes, each for a worker of its own (docs/notifications.md §Speed): alert e-mails; and webhook deliveries,
 * digests (docs/notifications.md §Subscriptions) and the metric alerts' checks (§Metric alerts), so that a burst of
 * one never waits behind the other.
 */
const { [EMAIL_JOB]: sendEmails, ...otherAlertJobs } = alertJobs.handlers;
export const notificationLanes: JobHandlers[] = [
  { handlers: { [EMAIL_JOB]: sendEmails! } },
  { handlers: { ...otherAlertJobs, [DIGEST_JOB]: runDigestJob, ...metricAlertJobs.handlers } },
];
/** All of the area's jobs in one (tests drain them together). */
export const notificationJobs: JobHandlers = {
  handlers: Object.assign({}, ...notificationLanes.map((lane) => lane.handlers)) as JobHandlers['handlers'],
};
export { scheduleWebhookDeliveries } from './webhooks';
export { notificationsMigrations } from './migrations';
export { notificationRoutes } from './routes';
export { checkMetricAlerts, evaluateMetricAlerts } from './metric-alerts';
