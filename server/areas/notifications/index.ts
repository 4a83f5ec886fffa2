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
import { WEBHOOK_JOB } from './webhooks';
import { DIGEST_JOB, runDigestJob } from './digests';
import type { JobHandlers } from '../../jobs/queue';
export { scheduleDigests } from './digests';
/** The area's jobs: alert e-mails, webhook deliveries and digests (docs/notifications.md §Subscriptions). */
export const notificationJobs: JobHandlers = {
  ...alertJobs,
  handlers: { ...alertJobs.handlers, [DIGEST_JOB]: runDigestJob },
};
/**
 * The same jobs in two lanes, each for a worker of its own (server/main.ts): e-mail, and the rest (webhooks,
 * digests), so that a burst of one never waits behind the other.
 */
export const notificationLanes: JobHandlers[] = [
  { handlers: { [EMAIL_JOB]: notificationJobs.handlers[EMAIL_JOB]! } },
  {
    handlers: { [WEBHOOK_JOB]: notificationJobs.handlers[WEBHOOK_JOB]!, [DIGEST_JOB]: runDigestJob },
  },
];
export { scheduleWebhookDeliveries } from './webhooks';
export { notificationsMigrations } from './migrations';
export { notificationRoutes } from './routes';
