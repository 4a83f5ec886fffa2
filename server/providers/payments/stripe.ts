/**
 * The Stripe payments adapter (chosen when STRIPE_SECRET_KEY is set; server/main.ts loads this module only then),
 * on the official `stripe` library:
 *  - Add payment method: a Checkout Session in setup mode for the workspace's Stripe customer (created on first use),
 *    whose `url` is the hosted page; it returns to billing?success=true, and the card is saved when the
 *    `checkout.session.completed` webhook arrives (its SetupIntent's payment method read with an expand);
 *  - webhooks are verified with the endpoint's signing secret (`stripe.webhooks.constructEvent` over the raw body);
 *  - every write carries an idempotency key (customer per workspace, session per setup session, default and detach
 *    per method), so a retried request never makes a second object.
 * Tested against recorded responses of Stripe's documented shapes (tests/fixtures/stripe) through the library's own
 * fetch client, and webhooks signed with `stripe.webhooks.generateTestHeaderString`.
 */
import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type PaymentsProvider,
  type SetupSessionRequest,
  type VerifiedWebhook,
  type WebhookOutcome,
  type WebhookProvider,
} from './provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The library's HTTP client (tests give a fetch client over recorded responses). */
  httpClient?: InstanceType<typeof Stripe.HttpClient>;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function stripePayments(settings: StripeSettings): PaymentsProvider & WebhookProvider {
  if (!settings.webhookSecret)
    throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (the webhook saves the card).');
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(settings.httpClient ? { httpClient: settings.httpClient } : {}),
  });

  /** A completed setup-mode Checkout Session: its SetupIntent's card, read from Stripe (expanded payment method). */
  async function outcomeOf(event: Stripe.Event): Promise<WebhookOutcome> {
    if (event.type === 'invoice.payment_failed') {
      const invoice = event.data.object;
      const customerRef = idOf(invoice.customer);
      if (!customerRef || !invoice.id) return {};
      return {
        paymentFailed: {
          customerRef,
          invoiceRef: invoice.id,
          amountCents: invoice.amount_due,
          currency: invoice.currency,
          attempt: invoice.attempt_count,
        },
      };
    }
    if (event.type !== 'checkout.session.completed' || event.data.object.mode !== 'setup') return {};
    const session = event.data.object;
    const setupIntentId = idOf(session.setup_intent);
    if (!setupIntentId) return {};
    const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
    const method = intent.payment_method;
    if (!method || typeof method === 'string' || !method.card) return {};
    return {
      setupCompleted: {
        sessionRef: session.id,
        card: {
          providerRef: method.id,
          brand: method.card.brand,
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
        },
      },
    };
  }

  return {
    name: 'stripe',

    async createSetupSession(request: SetupSessionRequest) {
      const customerId =
        request.customerId ??
        (
          await stripe.customers.create(
            { name: request.workspaceName, metadata: { workspaceId: request.workspaceId } },
            { idempotencyKey: `questboard-customer-${request.workspaceId}` },
          )
        ).id;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'setup',
          customer: customerId,
          currency: 'usd',
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.sessionId,
          metadata: { workspaceId: request.workspaceId },
        },
        { idempotencyKey: `questboard-setup-${request.sessionId}` },
      );
      if (!session.url) throw new Error('Stripe answered a setup session without a url');
      return { url: session.url, providerRef: session.id, customerId };
    },

    async setDefault(customerId, providerRef, idempotencyKey) {
      if (!customerId || !providerRef) return;
      await stripe.customers.update(
        customerId,
        { invoice_settings: { default_payment_method: providerRef } },
        { idempotencyKey: `questboard-${idempotencyKey}` },
      );
    },

    async detach(providerRef, idempotencyKey) {
      if (!providerRef) return;
      await stripe.paymentMethods.detach(providerRef, {}, { idempotencyKey: `questboard-${idempotencyKey}` });
    },

    verifyWebhook(rawBody, signature): VerifiedWebhook {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
      return { eventId: event.id, type: event.type, outcome: () => outcomeOf(event) };
    },
  };
}
