/**
 * Billing's pure rules: docs/billing.md §Rules and limits balance arithmetic and threshold, §Invoice and credit states statuses, §Rules and limits Redeem disabled when empty, §Messages
 * download disabled without a url; the runway helpers (ours); the sandbox card checks (Luhn, expiry, CVC, Stripe's
 * test numbers, the declined one).
 */
import { describe, expect, it } from 'vitest';
import {
  balanceDollars,
  balanceLabel,
  billingThresholdDollars,
  canDownloadInvoice,
  canRedeemVoucher,
  creditStatus,
  creditUseOrder,
  expiryCountdown,
  formatDollars,
  invoiceStatus,
  runwayDays,
} from '../../src/contracts/billing';
import { checkSandboxCard, luhnValid, parseExpiry } from '../../server/providers/payments/sandbox';
import {
  balance,
  subscription,
  subscriptionWithoutThreshold,
  paidInvoice,
  openInvoice,
  activeCredit,
  expiredCredit,
} from '../fixtures/billing';

describe('docs/billing.md §Rules and limits balance and threshold', () => {
  it('balance = credits in cents ÷ 100 − pending charges in dollars, in whole cents', () => {
    expect(balanceDollars(balance)).toBe(103.35);
    expect(balanceDollars({ credits: 10, pendingCharges: 0.3 })).toBe(-0.2);
  });
  it("'Credits Available' when positive, otherwise 'Current Balance'", () => {
    expect(balanceLabel(0.01)).toBe('Credits Available');
    expect(balanceLabel(0)).toBe('Current Balance');
    expect(balanceLabel(-5)).toBe('Current Balance');
  });
  it('threshold: $200 without one, else amountGte', () => {
    expect(billingThresholdDollars(subscriptionWithoutThreshold)).toBe(200);
    expect(billingThresholdDollars(null)).toBe(200);
    expect(billingThresholdDollars(subscription)).toBe(500);
  });
  it('statuses, redeem and download rules', () => {
    expect([invoiceStatus(paidInvoice.status), invoiceStatus(openInvoice.status)]).toEqual(['paid', 'other']);
    expect([creditStatus(activeCredit.status), creditStatus(expiredCredit.status), creditStatus('used')]).toEqual([
      'active',
      'expired',
      'other',
    ]);
    expect([canRedeemVoucher(''), canRedeemVoucher('  '), canRedeemVoucher('QUEST50')]).toEqual([false, false, true]);
    expect([canDownloadInvoice(paidInvoice), canDownloadInvoice(openInvoice)]).toEqual([true, false]);
    expect(formatDollars(-1234.5)).toBe('-$1,234.50');
  });
});

describe('runway', () => {
  it('days left at a pace; none without spending; zero when nothing is left', () => {
    expect(runwayDays(10_000, 700)).toBe(14);
    expect(runwayDays(10_000, 0)).toBeNull();
    expect(runwayDays(-50, 700)).toBe(0);
  });
  it('credits are used soonest expiry first, oldest first on a tie, never-expiring last', () => {
    const order = creditUseOrder([
      { id: 'never', created: 1, expiresAt: null },
      { id: 'late', created: 1, expiresAt: 900 },
      { id: 'soon-new', created: 5, expiresAt: 100 },
      { id: 'soon-old', created: 2, expiresAt: 100 },
    ]);
    expect(order.map((c) => c.id)).toEqual(['soon-old', 'soon-new', 'late', 'never']);
  });
  it('expiry countdowns', () => {
    expect(expiryCountdown(1000 + 5 * 86_400, 1000)).toBe('expires in 5 days');
    expect(expiryCountdown(1000 + 3600, 1000)).toBe('expires within a day');
    expect(expiryCountdown(900, 1000)).toBe('expired');
  });
});

describe('sandbox card checks', () => {
  const now = new Date(Date.UTC(2026, 10, 25));
  const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada' };
  it('Luhn and expiry parsing', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
    expect(parseExpiry('7/2031')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('13/31')).toBeNull();
  });
  it('accepts the test numbers, refuses in the order a real form does', () => {
    expect(checkSandboxCard(card, now)).toEqual({
      ok: true,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    expect(checkSandboxCard({ ...card, number: '4242 4242 4242 4241' }, now)).toEqual({ ok: false, error: 'number' });
    expect(checkSandboxCard({ ...card, expiry: '10/26' }, now)).toEqual({ ok: false, error: 'expired' });
    expect(checkSandboxCard({ ...card, expiry: '11/26' }, now).ok).toBe(true);
    expect(checkSandboxCard({ ...card, cvc: '12' }, now)).toEqual({ ok: false, error: 'cvc' });
    expect(checkSandboxCard({ ...card, number: '378282246310005', cvc: '123' }, now)).toEqual({
      ok: false,
      error: 'cvc',
    });
    expect(checkSandboxCard({ ...card, name: ' ' }, now)).toEqual({ ok: false, error: 'name' });
    expect(checkSandboxCard({ ...card, number: '4111111111111111' }, now)).toEqual({ ok: false, error: 'unknown' });
    expect(checkSandboxCard({ ...card, number: '4000000000000002' }, now)).toEqual({ ok: false, error: 'declined' });
    expect(checkSandboxCard({ ...card, number: '4000000000009995' }, now)).toEqual({
      ok: false,
      error: 'insufficient_funds',
    });
  });
});
