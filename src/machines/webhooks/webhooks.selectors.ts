/** View model of a workspace's webhooks: the list, the form and its problem, the dialogs, a secret shown once. */
import type { SnapshotFrom } from 'xstate';
import { ALERTS, ALERT_KINDS, type AlertKind } from '../../contracts/notifications';
import { WEBHOOK_FORMATS, WEBHOOKS_MAX, type WebhookFormat } from '../../contracts/notification-webhooks';
import { urlError, type webhooksMachine } from './webhooks.machine';
import type { SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof webhooksMachine>;

/** How a delivery's status reads. */
export const DELIVERY_STATUS = { pending: 'Retrying', delivered: 'Delivered', failed: 'Failed' } as const;

export function selectWebhooks(s: Snapshot) {
  const c = s.context;
  const listed = !s.matches('loading') && !s.matches('failed');
  const target = c.webhooks.find((hook) => hook.id === c.target);
  const host = (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  };
  return {
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    loadError: s.matches('failed') ? c.error : null,
    listed,
    webhooks: c.webhooks.map((hook) => ({
      ...hook,
      host: host(hook.url),
      formatLabel: WEBHOOK_FORMATS[hook.format],
      alertLabels: hook.alerts.map((kind) => ALERTS[kind].label),
      testing: s.matches('testing') && c.target === hook.id,
      loadingDeliveries: s.matches('loadingDeliveries') && c.target === hook.id,
      tested: c.tested && c.target === hook.id ? c.tested : null,
      deliveries: c.deliveries?.webhookId === hook.id ? c.deliveries.list : null,
      secret: c.secret?.webhookId === hook.id ? c.secret.value : null,
    })),
    /** A change in flight: the list's buttons wait. */
    busy: !s.matches('ready'),
    canAdd: c.webhooks.length < WEBHOOKS_MAX,
    form:
      s.matches('editing') || s.matches('saving')
        ? {
            adding: c.editingId === null,
            url: c.draft.url,
            urlError: c.showErrors ? urlError(c.draft.url) : null,
            format: c.draft.format,
            enabled: c.draft.enabled,
            alerts: ALERT_KINDS.map((kind) => ({
              kind,
              label: ALERTS[kind].label,
              checked: c.draft.alerts.includes(kind),
            })),
            saving: s.matches('saving'),
            error: s.matches('editing') ? c.error : null,
          }
        : null,
    confirm: {
      open: (['confirmingDelete', 'deleting', 'confirmingRoll', 'rolling'] as const).some((state) => s.matches(state)),
      deleting: s.matches('confirmingDelete') || s.matches('deleting'),
      busy: s.matches('deleting') || s.matches('rolling'),
      host: target ? host(target.url) : '',
      error: s.matches('confirmingDelete') || s.matches('confirmingRoll') ? c.error : null,
    },
    notice: s.matches('ready') ? c.notice : null,
    /** A failed test, deliveries load (shown above the list). */
    error: s.matches('ready') ? c.error : null,
  };
}

export const webhooksActions = (send: SendTo<typeof webhooksMachine>) => ({
  retry: () => send({ type: 'RETRY' }),
  add: () => send({ type: 'ADD' }),
  edit: (id: string) => send({ type: 'EDIT', id }),
  changeUrl: (value: string) => send({ type: 'CHANGE_URL', value }),
  changeFormat: (format: WebhookFormat) => send({ type: 'CHANGE_FORMAT', format }),
  toggleAlert: (kind: AlertKind) => send({ type: 'TOGGLE_ALERT', kind }),
  toggleEnabled: () => send({ type: 'TOGGLE_ENABLED' }),
  submit: () => send({ type: 'SUBMIT' }),
  cancel: () => send({ type: 'CANCEL' }),
  remove: (id: string) => send({ type: 'DELETE', id }),
  roll: (id: string) => send({ type: 'ROLL', id }),
  confirm: () => send({ type: 'CONFIRM' }),
  test: (id: string) => send({ type: 'TEST', id }),
  showDeliveries: (id: string) => send({ type: 'SHOW_DELIVERIES', id }),
  dismissSecret: () => send({ type: 'DISMISS_SECRET' }),
});
