/**
 * Billing (docs/billing.md §Screens and routes billing tabs, §Entities Billing entities, §Invoice and credit states invoice and credit status, §Rules and limits promo code, §API endpoints billing calls,
 * §Rules and limits threshold and balance arithmetic). Workspace-level and admin only (docs/billing.md §Roles).
 *
 * Units (docs/billing.md §Rules and limits "Price in dollars; credits in cents divided by 100"): `Balance.credits` and
 * `CreditTransaction.amount` are cents; prices (`Subscription.billingThresholds.amountGte`, `Invoice.amount`,
 * `Balance.pendingCharges`) are dollars. Timestamps (`currentPeriodEnd`, `Invoice.date`, `created`, `expiresAt`) are
 * epoch seconds. Statuses are open strings classified by `invoiceStatus` / `creditStatus` (docs/billing.md §Invoice and credit states).
 *
 * docs/billing.md §API endpoints shows no billing paths; ours (`billingEndpoints` below). Workspace routes: member with role admin.
 *   GET    /api/workspace/:workspaceId/billing/balance                       → BalanceResponse
 *   GET    /api/workspace/:workspaceId/billing/subscription                  → SubscriptionResponse
 *   GET    /api/workspace/:workspaceId/billing/runway                        → RunwayResponse (ours: pace, runway, credit order)
 *   GET    /api/workspace/:workspaceId/billing/payment-methods               → PaymentMethodsResponse
 *   POST   /api/workspace/:workspaceId/billing/payment-methods/setup         → SetupPaymentMethodResponse (redirect URL)
 *   POST   /api/workspace/:workspaceId/billing/payment-methods/:paymentMethodId/default → SuccessMessage
 *   DELETE /api/workspace/:workspaceId/billing/payment-methods/:paymentMethodId         → SuccessMessage
 *   POST   /api/workspace/:workspaceId/billing/redeem   RedeemVoucherRequest → SuccessMessage
 *   GET    /api/workspace/:workspaceId/billing/invoices                      → InvoicesResponse
 *   GET    /api/workspace/:workspaceId/billing/credit-transactions           → CreditTransactionsResponse
 * Public, each with its own credential:
 *   GET    /api/billing/invoices/:invoiceId/pdf?expires&signature            → the invoice PDF (signed url, 1 hour)
 *   GET    /sandbox/payments/setup/:sessionId, POST (form)                   → the sandbox provider's hosted page
 *   GET    /sandbox/payments/sandbox.css                                     → its stylesheet
 *   POST   /api/billing/stripe/webhook                                       → Stripe's events (signature checked)
 * The customer-details call of docs/billing.md §API endpoints has no screen yet and is not declared yet.
 */
import * as t from 'io-ts';
import { struct, nullable, line, Id, Token, WorkspaceParams, SuccessMessage, MAX } from './codecs';
import { endpoint, binary } from './endpoint';

// ---------------------------------------------------------------- entities (docs/billing.md §Entities)

export const Balance = struct({ credits: t.number, pendingCharges: t.number }, {}, 'Balance');
export type Balance = t.TypeOf<typeof Balance>;

export const Card = struct({ brand: t.string, last4: t.string, expMonth: t.number, expYear: t.number }, {}, 'Card');
export type Card = t.TypeOf<typeof Card>;

/** A card, or a manual-invoice method (`manualInvoice: true`, no card). */
export const PaymentMethod = struct(
  { id: t.string, type: t.string, isDefault: t.boolean, manualInvoice: t.boolean },
  {
    card: nullable(Card),
    /** false when deleting it would be refused (methodStillNeeded): the page says why before anyone confirms. */
    deletable: t.boolean,
  },
  'PaymentMethod',
);
export type PaymentMethod = t.TypeOf<typeof PaymentMethod>;

export const BillingThresholds = struct({ amountGte: t.number }, {}, 'BillingThresholds');
/** `billingThresholds` absent or null means "none": the default threshold applies (docs/billing.md §Rules and limits). */
export const Subscription = struct(
  { currentPeriodEnd: t.number },
  { billingThresholds: nullable(BillingThresholds) },
  'Subscription',
);
export type Subscription = t.TypeOf<typeof Subscription>;

export const Address = struct(
  { line1: t.string, city: t.string, postal_code: t.string, country: t.string },
  { line2: nullable(t.string) },
  'Address',
);
export type Address = t.TypeOf<typeof Address>;

export const CustomerDetails = struct(
  { isComplete: t.boolean },
  { name: nullable(t.string), address: nullable(Address) },
  'CustomerDetails',
);
export type CustomerDetails = t.TypeOf<typeof CustomerDetails>;

export const InvoicePaymentMethod = struct({ type: t.string }, { last4: nullable(t.string) }, 'InvoicePaymentMethod');
/** `downloadUrl` null: download unavailable, the button is disabled (docs/billing.md §Messages). */
export const Invoice = struct(
  { date: t.number, transactionId: t.string, amount: t.number, status: t.string },
  { paymentMethod: nullable(InvoicePaymentMethod), downloadUrl: nullable(t.string) },
  'Invoice',
);
export type Invoice = t.TypeOf<typeof Invoice>;

export const CreditTransaction = struct(
  { id: t.string, created: t.number, description: t.string, amount: t.number, currency: t.string, status: t.string },
  { expiresAt: nullable(t.number) },
  'CreditTransaction',
);
export type CreditTransaction = t.TypeOf<typeof CreditTransaction>;

// ---------------------------------------------------------------- calls (docs/billing.md §API endpoints, paths ours)

export const PaymentMethodParams = struct({ workspaceId: Id, paymentMethodId: Id }, {}, 'PaymentMethodParams');

export const BalanceResponse = struct({ success: t.boolean, data: Balance }, {}, 'BalanceResponse');
export const SubscriptionResponse = struct(
  { success: t.boolean, data: nullable(Subscription) },
  {},
  'SubscriptionResponse',
);
export const CustomerDetailsResponse = struct(
  { success: t.boolean, data: CustomerDetails },
  {},
  'CustomerDetailsResponse',
);
/** `provider`: who keeps the cards ('sandbox' is labelled as such in the UI). */
export const PaymentMethodsResponse = struct(
  { success: t.boolean, data: t.array(PaymentMethod) },
  { provider: t.string },
  'PaymentMethodsResponse',
);
export const InvoicesResponse = struct({ success: t.boolean, data: t.array(Invoice) }, {}, 'InvoicesResponse');
export const CreditTransactionsResponse = struct(
  { success: t.boolean, data: t.array(CreditTransaction) },
  {},
  'CreditTransactionsResponse',
);
/** Set up a payment method: the provider's hosted page; it returns to /billing?success=true (docs/billing.md §Screens and routes). */
export const SetupPaymentMethodResponse = struct(
  { success: t.boolean, url: t.string },
  { message: t.string },
  'SetupPaymentMethodResponse',
);
export type SetupPaymentMethodResponse = t.TypeOf<typeof SetupPaymentMethodResponse>;
/** A promo code: one line, 64 characters at most (codes are short words such as LAUNCH50). */
export const PROMO_CODE_MAX = 64;
export const PromoCode = line(PROMO_CODE_MAX, {
  name: 'PromoCode',
  check: (s) => (s.trim() ? null : 'must not be empty'),
});
export const RedeemVoucherRequest = struct({ code: PromoCode }, {}, 'RedeemVoucherRequest');
export type RedeemVoucherRequest = t.TypeOf<typeof RedeemVoucherRequest>;

// ---------------------------------------------------------------- constants and pure helpers (docs/billing.md §Screens and routes, §Invoice and credit states, §Rules and limits)

export const BILLING_TABS = ['Balance', 'Payment Methods', 'Payment History', 'Credits History'] as const;
export type BillingTab = (typeof BILLING_TABS)[number];
/** Shown when the billing page is opened with ?success=true (docs/billing.md §Screens and routes). */
export const PAYMENT_METHOD_ADDED = 'Payment method added successfully';

/** docs/billing.md §Rules and limits: $200 when the subscription has no threshold. */
export const DEFAULT_BILLING_THRESHOLD_DOLLARS = 200;

/** Billing threshold in dollars: the subscription's amountGte, or $200 when there is none (docs/billing.md §Rules and limits). */
export function billingThresholdDollars(subscription: Subscription | null | undefined): number {
  return subscription?.billingThresholds?.amountGte ?? DEFAULT_BILLING_THRESHOLD_DOLLARS;
}

/** Credits are cents; shown in dollars (docs/billing.md §Rules and limits). */
export const centsToDollars = (cents: number): number => cents / 100;

/** Balance in dollars = credits (cents ÷ 100) − pending charges (dollars), computed in whole cents (docs/billing.md §Rules and limits). */
export function balanceDollars(balance: Balance): number {
  return Math.round(balance.credits - balance.pendingCharges * 100) / 100;
}

export const CREDITS_AVAILABLE = 'Credits Available';
export const CURRENT_BALANCE = 'Current Balance';
export type BalanceLabel = typeof CREDITS_AVAILABLE | typeof CURRENT_BALANCE;
/** 'Credits Available' if the balance is positive, otherwise 'Current Balance' (docs/billing.md §Rules and limits). */
export const balanceLabel = (amountDollars: number): BalanceLabel =>
  amountDollars > 0 ? CREDITS_AVAILABLE : CURRENT_BALANCE;

/** docs/billing.md §Invoice and credit states: invoice status is paid or other. */
export type InvoiceStatusKind = 'paid' | 'other';
export const invoiceStatus = (status: string): InvoiceStatusKind => (status === 'paid' ? 'paid' : 'other');

/** docs/billing.md §Invoice and credit states: credit status is active, expired or other. */
export type CreditStatusKind = 'active' | 'expired' | 'other';
export const creditStatus = (status: string): CreditStatusKind =>
  status === 'active' || status === 'expired' ? status : 'other';

/** docs/billing.md §Messages: no download URL, the download button is disabled. */
export const canDownloadInvoice = (invoice: Pick<Invoice, 'downloadUrl'>): boolean =>
  typeof invoice.downloadUrl === 'string' && invoice.downloadUrl.trim() !== '';

/** docs/billing.md §Rules and limits: Redeem is disabled while the promo code is empty. */
export const canRedeemVoucher = (code: string): boolean => code.trim() !== '';

// ---------------------------------------------------------------- spending pace and runway (docs/billing.md §What it does)

/** A credit still usable, in the order it will be used (soonest expiry first, never-expiring last). */
export const UsableCredit = struct(
  { id: t.string, description: t.string, remaining: t.number, currency: t.string, order: t.number },
  { expiresAt: nullable(t.number) },
  'UsableCredit',
);
export type UsableCredit = t.TypeOf<typeof UsableCredit>;
/**
 * The spending pace and runway (ours): `dailySpend` in dollars over the last `paceDays` days of charges,
 * `runwayDays` = balance ÷ daily spend (null when nothing is spent, 0 when the balance is not positive),
 * `lowBalance` when the runway is shorter than LOW_BALANCE_DAYS.
 */
export const Runway = struct(
  {
    dailySpend: t.number,
    paceDays: t.number,
    runwayDays: nullable(t.number),
    lowBalance: t.boolean,
    credits: t.array(UsableCredit),
  },
  {},
  'Runway',
);
export type Runway = t.TypeOf<typeof Runway>;
export const RunwayResponse = struct({ success: t.boolean, data: Runway }, {}, 'RunwayResponse');

/** Days of runway under which the Balance tab warns. */
export const LOW_BALANCE_DAYS = 14;
/** Days of charges the spending pace averages over. */
export const PACE_DAYS = 30;

/** Runway in whole days at a daily spend (cents): null with no spending, 0 when nothing is left. */
export function runwayDays(balanceCents: number, dailySpendCents: number): number | null {
  if (dailySpendCents <= 0) return null;
  if (balanceCents <= 0) return 0;
  return Math.floor(balanceCents / dailySpendCents);
}

/** Credits in the order they are used: soonest expiry first, then the oldest; credits that never expire last. */
export function creditUseOrder<C extends { expiresAt?: number | null; created: number }>(credits: readonly C[]): C[] {
  return [...credits].sort((a, b) => (a.expiresAt ?? Infinity) - (b.expiresAt ?? Infinity) || a.created - b.created);
}

/** "expires in 3 days" / "expires today" / "expired" for an expiry in epoch seconds. */
export function expiryCountdown(expiresAt: number, nowSeconds: number): string {
  const days = Math.ceil((expiresAt - nowSeconds) / 86_400);
  if (expiresAt <= nowSeconds) return 'expired';
  if (days <= 1) return 'expires within a day';
  return `expires in ${days} days`;
}

/** Dollars as money: $1,234.50 (negative: -$20.10). */
export const formatDollars = (dollars: number): string =>
  `${dollars < 0 ? '-' : ''}$${Math.abs(dollars).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

// ---------------------------------------------------------------- messages (ours; docs/billing.md §Messages gives none for billing)

export const PROMO_REDEEMED = (dollars: string) => `Promo code redeemed: ${dollars} of credits added.`;
export const PROMO_UNKNOWN = 'This promo code does not exist. Check the spelling and try again.';
export const PROMO_EXPIRED = 'This promo code has expired.';
export const PROMO_USED = 'This promo code has already been redeemed for this workspace.';
export const PROMO_RATE_LIMITED = 'Too many promo code attempts. Please wait 15 minutes and try again.';
export const DEFAULT_SET = 'Default payment method updated.';
export const PAYMENT_METHOD_DELETED = 'Payment method deleted.';
export const LAST_DEFAULT_PENDING =
  'This is your only payment method and charges are still pending. Add another payment method before deleting this one.';
/** The `code` of the refusal to delete a method that is still needed (409). */
export const PAYMENT_METHOD_REQUIRED = 'payment_method_required';
/** The one rule for both sides: the default method cannot go while it is the only one and charges are pending. */
export const methodStillNeeded = (method: { isDefault: boolean }, otherMethods: number, pendingCharges: number) =>
  method.isDefault && otherMethods === 0 && pendingCharges > 0;

// ---------------------------------------------------------------- sandbox hosted page (ours)

export const SandboxParams = struct({ sessionId: Token }, {}, 'SandboxParams');
/** Why the sandbox page was shown again (after a refused card). */
export const SandboxQuery = struct({}, { error: line(MAX.label) }, 'SandboxQuery');
/** The sandbox card form, as the browser posts it (application/x-www-form-urlencoded). */
export const SandboxCardForm = struct(
  { number: line(40), expiry: line(10), cvc: line(8), name: line(MAX.name) },
  {},
  'SandboxCardForm',
);
export type SandboxCardForm = t.TypeOf<typeof SandboxCardForm>;
export const InvoiceParams = struct({ invoiceId: Id }, {}, 'InvoiceParams');
export const SignedQuery = struct({ expires: line(MAX.date), signature: line(MAX.token) }, {}, 'SignedQuery');
export const WebhookBody = t.UnknownRecord;

const W = '/api/workspace/:workspaceId/billing';
export const billingEndpoints = {
  balance: endpoint({ method: 'GET', path: `${W}/balance`, params: WorkspaceParams, response: BalanceResponse }),
  subscription: endpoint({
    method: 'GET',
    path: `${W}/subscription`,
    params: WorkspaceParams,
    response: SubscriptionResponse,
  }),
  runway: endpoint({ method: 'GET', path: `${W}/runway`, params: WorkspaceParams, response: RunwayResponse }),
  paymentMethods: endpoint({
    method: 'GET',
    path: `${W}/payment-methods`,
    params: WorkspaceParams,
    response: PaymentMethodsResponse,
  }),
  setupPaymentMethod: endpoint({
    method: 'POST',
    path: `${W}/payment-methods/setup`,
    params: WorkspaceParams,
    response: SetupPaymentMethodResponse,
  }),
  setDefault: endpoint({
    method: 'POST',
    path: `${W}/payment-methods/:paymentMethodId/default`,
    params: PaymentMethodParams,
    response: SuccessMessage,
  }),
  deletePaymentMethod: endpoint({
    method: 'DELETE',
    path: `${W}/payment-methods/:paymentMethodId`,
    params: PaymentMethodParams,
    response: SuccessMessage,
  }),
  redeem: endpoint({
    method: 'POST',
    path: `${W}/redeem`,
    params: WorkspaceParams,
    body: RedeemVoucherRequest,
    response: SuccessMessage,
  }),
  invoices: endpoint({ method: 'GET', path: `${W}/invoices`, params: WorkspaceParams, response: InvoicesResponse }),
  creditTransactions: endpoint({
    method: 'GET',
    path: `${W}/credit-transactions`,
    params: WorkspaceParams,
    response: CreditTransactionsResponse,
  }),
  /** The invoice PDF behind a signed url (Invoice.downloadUrl; opened in a new tab, so no Authorization header). */
  invoicePdf: endpoint({
    method: 'GET',
    path: '/api/billing/invoices/:invoiceId/pdf',
    params: InvoiceParams,
    query: SignedQuery,
    response: binary,
  }),
  /** The sandbox provider's hosted page (server-rendered HTML) and its card form. */
  sandboxPage: endpoint({
    method: 'GET',
    path: '/sandbox/payments/setup/:sessionId',
    params: SandboxParams,
    query: SandboxQuery,
    response: binary,
  }),
  sandboxSubmit: endpoint({
    method: 'POST',
    path: '/sandbox/payments/setup/:sessionId',
    params: SandboxParams,
    body: SandboxCardForm,
    response: binary,
  }),
  sandboxStyles: endpoint({ method: 'GET', path: '/sandbox/payments/sandbox.css', response: binary }),
  /** Stripe's webhook (only answers when the Stripe adapter is configured; verified with the webhook secret). */
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/api/billing/stripe/webhook',
    body: WebhookBody,
    response: struct({ received: t.boolean }, {}, 'WebhookAnswer'),
  }),
};
