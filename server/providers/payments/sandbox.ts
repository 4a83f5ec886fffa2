/**
 * The embedded sandbox payments provider (default): no network, deterministic. The hosted page is ours
 * (/sandbox/payments/setup/:sessionId, server/areas/billing/routes.ts), labelled "Sandbox", and accepts Stripe's
 * well-known test card numbers after the checks a real form makes (Luhn, expiry, CVC). One test number is declined,
 * as Stripe's is.
 */
import type { PaymentsProvider } from './provider';
import { lookupTable } from '../../../src/contracts/lookup';

/** Stripe's documented test numbers → brand; the declined one answers `card_declined`. */
export const TEST_CARDS: Record<string, { brand: string; declined?: 'declined' | 'insufficient_funds' }> = lookupTable({
  '4242424242424242': { brand: 'visa' },
  '4000056655665556': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '2223003122003222': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '6011111111111117': { brand: 'discover' },
  '4000000000000002': { brand: 'visa', declined: 'declined' },
  '4000000000009995': { brand: 'visa', declined: 'insufficient_funds' },
});

export const SANDBOX_ERRORS = lookupTable({
  number: 'Your card number is invalid.',
  unknown: 'This sandbox only accepts Stripe test card numbers, such as 4242 4242 4242 4242.',
  expiry: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  cvc: "Your card's security code is invalid.",
  name: 'Enter the name on the card.',
  declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  session: 'This setup page has expired or was already used. Go back to Billing and start again.',
});
export type SandboxErrorKey = keyof typeof SANDBOX_ERRORS;

/** Luhn checksum of a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "MM/YY" or "MM/YYYY" → month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

export type CardCheck =
  { ok: true; brand: string; last4: string; expMonth: number; expYear: number } | { ok: false; error: SandboxErrorKey };

/** The checks of the sandbox form, in the order a real form makes them. `now` fixes the expiry check. */
export function checkSandboxCard(
  form: { number: string; expiry: string; cvc: string; name: string },
  now: Date,
): CardCheck {
  const fail = (error: SandboxErrorKey): CardCheck => ({ ok: false, error });
  const digits = form.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) return fail('number');
  const expiry = parseExpiry(form.expiry);
  if (!expiry) return fail('expiry');
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (expiry.year * 12 + (expiry.month - 1) < thisMonth) return fail('expired');
  if (expiry.year > now.getUTCFullYear() + 20) return fail('expiry');
  const card = TEST_CARDS[digits];
  if (
    !/^\d{3,4}$/.test(form.cvc.trim()) ||
    (card?.brand === 'amex' ? form.cvc.trim().length !== 4 : form.cvc.trim().length !== 3)
  )
    return fail('cvc');
  if (!form.name.trim()) return fail('name');
  if (!card) return fail('unknown');
  if (card.declined) return fail(card.declined);
  return { ok: true, brand: card.brand, last4: digits.slice(-4), expMonth: expiry.month, expYear: expiry.year };
}

export function sandboxPayments(): PaymentsProvider {
  return {
    name: 'sandbox',
    async createSetupSession({ sessionId }) {
      return { url: `/sandbox/payments/setup/${encodeURIComponent(sessionId)}`, providerRef: null, customerId: null };
    },
    async setDefault() {},
    async detach() {},
  };
}
