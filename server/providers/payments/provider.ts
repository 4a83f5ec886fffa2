/**
 * Payments provider interface (outside service, like server/analytics/engine.ts): the billing domain asks it for a
 * hosted "add a payment method" page and tells it about default / deleted methods. Two implementations:
 *  - sandbox (default, embedded, offline, deterministic): the hosted page is served by our own server
 *    (/sandbox/payments/setup/:sessionId), clearly labelled "Sandbox"; its card checks live in sandbox.ts;
 *  - stripe (STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET): Checkout in setup mode, verified webhooks, idempotency keys
 *    on every write (stripe.ts, loaded only when configured).
 */
export interface SetupSessionRequest {
  /** Our setup session id (also the idempotency key of the provider's write). */
  sessionId: string;
  workspaceId: string;
  workspaceName: string;
  /** The provider's customer for this workspace, if one was created before. */
  customerId: string | null;
  /** Absolute urls the hosted page returns to. */
  successUrl: string;
  cancelUrl: string;
}
export interface SetupSession {
  /** Where the browser goes (the provider's hosted page). */
  url: string;
  /** The provider's id of the session (Stripe: cs_…), null for the sandbox. */
  providerRef: string | null;
  /** The customer the provider created or used (kept on the billing account). */
  customerId: string | null;
}

/** A card the provider saved, as our payment-method row needs it. */
export interface SavedCard {
  providerRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface PaymentsProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Starts a hosted page where the user adds a card. */
  createSetupSession(request: SetupSessionRequest): Promise<SetupSession>;
  /** The provider's default payment method of the customer changed (no-op for the sandbox). */
  setDefault(customerId: string | null, providerRef: string | null, idempotencyKey: string): Promise<void>;
  /** The method is deleted: detach it at the provider (no-op for the sandbox). */
  detach(providerRef: string | null, idempotencyKey: string): Promise<void>;
}

/** What a verified provider event means for us. */
export interface WebhookOutcome {
  /** A hosted setup finished with a saved card: the provider's session id and the card. */
  setupCompleted?: { sessionRef: string; card: SavedCard };
  /** The provider could not collect an invoice of the customer (which attempt, what amount). */
  paymentFailed?: PaymentFailure;
}

export interface PaymentFailure {
  customerRef: string;
  invoiceRef: string;
  amountCents: number;
  currency: string;
  attempt: number;
}

/** An event whose signature matched: its id and type, and what it means (which may ask the provider again). */
export interface VerifiedWebhook {
  eventId: string;
  type: string;
  /** Reads what the event means; its failures (the provider unreachable…) are processing failures, never signature ones. */
  outcome(): Promise<WebhookOutcome>;
}

/** The signature over the raw body does not match (or is missing or malformed). */
export class WebhookSignatureError extends Error {}

/** A provider that reports results by webhook (Stripe): verifies the signature over the raw body. */
export interface WebhookProvider {
  /** Checks the signature only (no network): throws WebhookSignatureError when it does not match. */
  verifyWebhook(rawBody: string, signature: string): VerifiedWebhook;
}

export const receivesWebhooks = (provider: PaymentsProvider): provider is PaymentsProvider & WebhookProvider =>
  typeof (provider as Partial<WebhookProvider>).verifyWebhook === 'function';
