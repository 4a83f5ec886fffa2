/** Words and numbers of the billing tabs: dates of epoch seconds (UTC), money, method names, status badges. */
import type { PaymentMethod } from '../../contracts/billing';
import { creditStatus, invoiceStatus } from '../../contracts/billing';
import { lookupTable } from '../../contracts/lookup';

export const formatDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Cents in a currency: 2500, 'usd' → "$25.00"; other currencies by their code ("25.00 EUR"). */
export function formatCents(cents: number, currency: string) {
  const amount = (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency.toLowerCase() === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

/** The card brands the payments provider names (Stripe's `card.brand` values), in their owners' spelling. */
const BRANDS: Record<string, string> = lookupTable({
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  american_express: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  eftpos_au: 'eftpos',
  unknown: 'Card',
});
export const brandName = (brand: string) => BRANDS[brand.toLowerCase()] ?? capitalised(brand);

/** "Visa ending in 4242", "Manual invoice". */
export function methodLabel(method: PaymentMethod) {
  if (method.manualInvoice || !method.card) return 'Manual invoice';
  return `${brandName(method.card.brand)} ending in ${method.card.last4}`;
}

export const expiryLabel = (month: number, year: number) => `${String(month).padStart(2, '0')}/${year}`;

const capitalised = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ') : 'Unknown');

/** docs/billing.md §Invoice and credit states: paid, or the other status in words. */
export const invoiceBadge = (status: string) =>
  invoiceStatus(status) === 'paid'
    ? { text: 'Paid', tone: 'green' as const }
    : { text: capitalised(status), tone: 'amber' as const };

/** docs/billing.md §Invoice and credit states: active, expired, or the other status in words. */
export function creditBadge(status: string) {
  const kind = creditStatus(status);
  if (kind === 'active') return { text: 'Active', tone: 'green' as const };
  if (kind === 'expired') return { text: 'Expired', tone: 'slate' as const };
  return { text: capitalised(status), tone: 'amber' as const };
}

/** The payment method column of an invoice: "Card •••• 4242", "Manual invoice". */
export function invoiceMethod(method: { type: string; last4?: string | null } | null | undefined) {
  if (!method) return '—';
  if (method.type === 'card') return method.last4 ? `Card •••• ${method.last4}` : 'Card';
  return method.type === 'manual_invoice' ? 'Manual invoice' : capitalised(method.type);
}
