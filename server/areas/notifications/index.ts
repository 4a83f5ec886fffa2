/**
 * Notifications (docs/notifications.md): the built-in alerts (src/contracts/notifications.ts `ALERTS`) put into the
 * inboxes of the members they concern, from the domain events that fire them (after-commit reactions in
 * server/areas.ts), once per person, object and period, and sent by e-mail (a job, through the mail provider) to
 * those whose e-mail switch is on, and POSTed to the workspace's webhooks that carry them; read through the bell in
 * the header, with per-person preferences.
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
import { notificationJobs as mailAndWebhookJobs } from './email';
import { metricAlertJobs } from './metric-alerts';
export { scheduleNotificationEmails } from './email';
/** The notifications' worker lane: e-mails, webhook deliveries and the metric alerts' checks. */
export const notificationJobs = {
  handlers: { ...mailAndWebhookJobs.handlers, ...metricAlertJobs.handlers },
};
export { scheduleWebhookDeliveries } from './webhooks';
export { notificationsMigrations } from './migrations';
export { notificationRoutes } from './routes';
export { checkMetricAlerts, evaluateMetricAlerts } from './metric-alerts';
