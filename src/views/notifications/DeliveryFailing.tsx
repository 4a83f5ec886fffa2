/**
 * The "Delivery failing" badge of a rule whose newest delivery was given up after a day of retries: a webhook, a
 * built-in alert's e-mail, a subscription's digest, a metric alert (docs/notifications.md §Delivery).
 */
export function DeliveryFailing() {
  return (
    <span className="rounded-full bg-rose-100 px-2.5 py-0.5 text-xs font-semibold text-rose-800">Delivery failing</span>
  );
}
