/**
 * Billing (SPEC §2 billing tabs, §3 Billing entities, §4 invoice and credit status, §5 promo code, §7 billing calls,
 * §9 threshold and balance arithmetic). Workspace-level and admin only (SPEC §6).
 *
 * Units (SPEC §9 "Price in dollars; credits in cents divided by 100"): `Balance.credits` and
 * `CreditTransaction.amount` are cents; prices (`Subscription.billingThresholds.amountGte`, `Invoice.amount`,
 * `Balance.pendingCharges`) are dollars. Timestamps (`currentPeriodEnd`, `Invoice.date`, `created`, `expiresAt`) are
 * epoch seconds. Statuses are open strings classified by `invoiceStatus` / `creditStatus` (SPEC §4).
 *
 * SPEC §7 shows no billing paths; ours (every route: workspace member with role admin):
 *   GET    /api/workspace/:workspaceId/billing/balance                       → BalanceResponse
 *   GET    /api/workspace/:workspaceId/billing/subscription                  → SubscriptionResponse
 *   GET    /api/workspace/:workspaceId/billing/customer                      → CustomerDetailsResponse
 *   GET    /api/workspace/:workspaceId/billing/payment-methods               → PaymentMethodsResponse
 *   POST   /api/workspace/:workspaceId/billing/payment-methods/setup         → SetupPaymentMethodResponse (redirect URL)
 *   POST   /api/workspace/:workspaceId/billing/payment-methods/:paymentMethodId/default → SuccessMessage
 *   DELETE /api/workspace/:workspaceId/billing/payment-methods/:paymentMethodId         → SuccessMessage
 *   POST   /api/workspace/:workspaceId/billing/redeem   RedeemVoucherRequest → SuccessMessage
 *   GET    /api/workspace/:workspaceId/billing/invoices                      → InvoicesResponse
 *   GET    /api/workspace/:workspaceId/billing/credit-transactions           → CreditTransactionsResponse
 */
import * as t from 'io-ts';
import { struct, nullable, NonEmptyString } from './codecs';

// ---------------------------------------------------------------- entities (SPEC §3)

export const Balance = struct({ credits: t.number, pendingCharges: t.number }, {}, 'Balance');
export type Balance = t.TypeOf<typeof Balance>;

export const Card = struct(
  { brand: t.string, last4: t.string, expMonth: t.number, expYear: t.number },
  {},
  'Card',
);
export type Card = t.TypeOf<typeof Card>;

/** A card, or a manual-invoice method (`manualInvoice: true`, no card). */
export const PaymentMethod = struct(
  { id: t.string, type: t.string, isDefault: t.boolean, manualInvoice: t.boolean },
  { card: nullable(Card) },
  'PaymentMethod',
);
export type PaymentMethod = t.TypeOf<typeof PaymentMethod>;

export const BillingThresholds = struct({ amountGte: t.number }, {}, 'BillingThresholds');
/** `billingThresholds` absent or null means "none": the default threshold applies (SPEC §9). */
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
/** `downloadUrl` null: download unavailable, the button is disabled (SPEC §8). */
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

// ---------------------------------------------------------------- calls (SPEC §7, paths ours)

export const PaymentMethodParams = struct({ workspaceId: t.string, paymentMethodId: t.string }, {}, 'PaymentMethodParams');

export const BalanceResponse = struct({ success: t.boolean, data: Balance }, {}, 'BalanceResponse');
export const SubscriptionResponse = struct({ success: t.boolean, data: nullable(Subscription) }, {}, 'SubscriptionResponse');
export const CustomerDetailsResponse = struct({ success: t.boolean, data: CustomerDetails }, {}, 'CustomerDetailsResponse');
export const PaymentMethodsResponse = struct({ success: t.boolean, data: t.array(PaymentMethod) }, {}, 'PaymentMethodsResponse');
export const InvoicesResponse = struct({ success: t.boolean, data: t.array(Invoice) }, {}, 'InvoicesResponse');
export const CreditTransactionsResponse = struct(
  { success: t.boolean, data: t.array(CreditTransaction) },
  {},
  'CreditTransactionsResponse',
);
/** Set up a payment method: the provider's hosted page; it returns to /billing?success=true (SPEC §2). */
export const SetupPaymentMethodResponse = struct({ success: t.boolean, url: t.string }, { message: t.string }, 'SetupPaymentMethodResponse');
export type SetupPaymentMethodResponse = t.TypeOf<typeof SetupPaymentMethodResponse>;
export const RedeemVoucherRequest = struct({ code: NonEmptyString }, {}, 'RedeemVoucherRequest');
export type RedeemVoucherRequest = t.TypeOf<typeof RedeemVoucherRequest>;

// ---------------------------------------------------------------- constants and pure helpers (SPEC §2, §4, §5, §9)

export const BILLING_TABS = ['Balance', 'Payment Methods', 'Payment History', 'Credits History'] as const;
export type BillingTab = (typeof BILLING_TABS)[number];
/** Shown when the billing page is opened with ?success=true (SPEC §2). */
export const PAYMENT_METHOD_ADDED = 'Payment method added successfully';

/** SPEC §9: $200 when the subscription has no threshold. */
export const DEFAULT_BILLING_THRESHOLD_DOLLARS = 200;

/** Billing threshold in dollars: the subscription's amountGte, or $200 when there is none (SPEC §9). */
export function billingThresholdDollars(subscription: Subscription | null | undefined): number {
  return subscription?.billingThresholds?.amountGte ?? DEFAULT_BILLING_THRESHOLD_DOLLARS;
}

/** Credits are cents; shown in dollars (SPEC §9). */
export const centsToDollars = (cents: number): number => cents / 100;

/** Balance in dollars = credits (cents ÷ 100) − pending charges (dollars), computed in whole cents (SPEC §9). */
export function balanceDollars(balance: Balance): number {
  return Math.round(balance.credits - balance.pendingCharges * 100) / 100;
}

export const CREDITS_AVAILABLE = 'Credits Available';
export const CURRENT_BALANCE = 'Current Balance';
export type BalanceLabel = typeof CREDITS_AVAILABLE | typeof CURRENT_BALANCE;
/** 'Credits Available' if the balance is positive, otherwise 'Current Balance' (SPEC §9). */
export const balanceLabel = (amountDollars: number): BalanceLabel =>
  amountDollars > 0 ? CREDITS_AVAILABLE : CURRENT_BALANCE;

/** SPEC §4: invoice status is paid or other. */
export type InvoiceStatusKind = 'paid' | 'other';
export const invoiceStatus = (status: string): InvoiceStatusKind => (status === 'paid' ? 'paid' : 'other');

/** SPEC §4: credit status is active, expired or other. */
export type CreditStatusKind = 'active' | 'expired' | 'other';
export const creditStatus = (status: string): CreditStatusKind =>
  status === 'active' || status === 'expired' ? status : 'other';

/** SPEC §8: no download URL, the download button is disabled. */
export const canDownloadInvoice = (invoice: Pick<Invoice, 'downloadUrl'>): boolean =>
  typeof invoice.downloadUrl === 'string' && invoice.downloadUrl.trim() !== '';

/** SPEC §5: Redeem is disabled while the promo code is empty. */
export const canRedeemVoucher = (code: string): boolean => code.trim() !== '';
