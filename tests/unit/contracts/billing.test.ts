import { describe, expect, it } from 'vitest';
import { decodeOrThrow } from '../../../src/contracts/codecs';
import {
  Address,
  Balance,
  BalanceResponse,
  Card,
  CreditTransaction,
  CreditTransactionsResponse,
  CustomerDetails,
  CustomerDetailsResponse,
  Invoice,
  InvoicesResponse,
  PaymentMethod,
  PaymentMethodParams,
  PaymentMethodsResponse,
  RedeemVoucherRequest,
  SetupPaymentMethodResponse,
  Subscription,
  SubscriptionResponse,
  BILLING_TABS,
  DEFAULT_BILLING_THRESHOLD_DOLLARS,
  PAYMENT_METHOD_ADDED,
  balanceDollars,
  balanceLabel,
  billingThresholdDollars,
  canDownloadInvoice,
  canRedeemVoucher,
  centsToDollars,
  creditStatus,
  invoiceStatus,
} from '../../../src/contracts/billing';
import * as fx from '../../fixtures/billing';
import { codecSuite, decodeMessages } from './codec-harness';

codecSuite([
  { name: 'Balance', codec: Balance, fixture: fx.balance, required: ['credits', 'pendingCharges'] },
  {
    name: 'Card',
    codec: Card,
    fixture: fx.cardPaymentMethod.card,
    required: ['brand', 'last4', 'expMonth', 'expYear'],
  },
  {
    name: 'PaymentMethod (card)',
    codec: PaymentMethod,
    fixture: fx.cardPaymentMethod,
    required: ['id', 'type', 'isDefault', 'manualInvoice', 'card.brand', 'card.last4', 'card.expMonth', 'card.expYear'],
    nested: ['card'],
  },
  {
    name: 'PaymentMethod (manual invoice)',
    codec: PaymentMethod,
    fixture: fx.manualInvoicePaymentMethod,
    required: ['id', 'manualInvoice'],
  },
  {
    name: 'Subscription',
    codec: Subscription,
    fixture: fx.subscription,
    required: ['currentPeriodEnd', 'billingThresholds.amountGte'],
    nested: ['billingThresholds'],
  },
  {
    name: 'Subscription (no threshold)',
    codec: Subscription,
    fixture: fx.subscriptionWithoutThreshold,
    required: ['currentPeriodEnd'],
  },
  {
    name: 'Address',
    codec: Address,
    fixture: fx.customerDetails.address,
    required: ['line1', 'city', 'postal_code', 'country'],
  },
  {
    name: 'CustomerDetails',
    codec: CustomerDetails,
    fixture: fx.customerDetails,
    required: ['isComplete', 'address.line1', 'address.city', 'address.postal_code', 'address.country'],
    nested: ['address'],
  },
  {
    name: 'CustomerDetails (incomplete)',
    codec: CustomerDetails,
    fixture: fx.incompleteCustomerDetails,
    required: ['isComplete'],
  },
  {
    name: 'Invoice',
    codec: Invoice,
    fixture: fx.paidInvoice,
    required: ['date', 'transactionId', 'amount', 'status', 'paymentMethod.type'],
    nested: ['paymentMethod'],
  },
  { name: 'Invoice (no download)', codec: Invoice, fixture: fx.openInvoice, required: ['transactionId'] },
  {
    name: 'CreditTransaction',
    codec: CreditTransaction,
    fixture: fx.activeCredit,
    required: ['id', 'created', 'description', 'amount', 'currency', 'status'],
  },
  {
    name: 'BalanceResponse',
    codec: BalanceResponse,
    fixture: { success: true, data: fx.balance },
    required: ['success', 'data.credits'],
    nested: ['data'],
  },
  {
    name: 'SubscriptionResponse',
    codec: SubscriptionResponse,
    fixture: { success: true, data: null },
    required: ['success', 'data'],
  },
  {
    name: 'CustomerDetailsResponse',
    codec: CustomerDetailsResponse,
    fixture: { success: true, data: fx.customerDetails },
    required: ['data.isComplete'],
    nested: ['data', 'data.address'],
  },
  {
    name: 'PaymentMethodsResponse',
    codec: PaymentMethodsResponse,
    fixture: { success: true, data: [fx.cardPaymentMethod, fx.manualInvoicePaymentMethod] },
    required: ['data.0.isDefault', 'data.0.card.last4'],
    nested: ['data.0', 'data.0.card'],
  },
  {
    name: 'InvoicesResponse',
    codec: InvoicesResponse,
    fixture: { success: true, data: [fx.paidInvoice, fx.openInvoice] },
    required: ['data.1.status'],
    nested: ['data.1'],
  },
  {
    name: 'CreditTransactionsResponse',
    codec: CreditTransactionsResponse,
    fixture: { success: true, data: [fx.activeCredit, fx.expiredCredit] },
    required: ['data.0.amount'],
    nested: ['data.0'],
  },
  {
    name: 'SetupPaymentMethodResponse',
    codec: SetupPaymentMethodResponse,
    fixture: { success: true, url: 'https://billing.example.test/setup/s_1' },
    required: ['success', 'url'],
  },
  {
    name: 'RedeemVoucherRequest',
    codec: RedeemVoucherRequest,
    fixture: decodeOrThrow(RedeemVoucherRequest, { code: 'LAUNCH50' }),
    required: ['code'],
  },
  {
    name: 'PaymentMethodParams',
    codec: PaymentMethodParams,
    fixture: { workspaceId: 'ws_1', paymentMethodId: 'pm_1' },
    required: ['workspaceId', 'paymentMethodId'],
  },
]);

describe('billing codecs: rejections', () => {
  it('rejects a wrongly typed amount, naming the field', () => {
    expect(decodeMessages(Balance, { credits: '100', pendingCharges: 0 })).toContain('credits must be a number');
  });
  it('rejects a blank voucher code', () => {
    expect(decodeMessages(RedeemVoucherRequest, { code: '   ' })).toEqual(['code must not be empty']);
  });
});

describe('billing threshold (docs/billing.md §Rules and limits)', () => {
  it('defaults to $200 when the subscription has none', () => {
    expect(DEFAULT_BILLING_THRESHOLD_DOLLARS).toBe(200);
    expect(billingThresholdDollars(null)).toBe(200);
    expect(billingThresholdDollars(undefined)).toBe(200);
    expect(billingThresholdDollars(fx.subscriptionWithoutThreshold)).toBe(200);
    expect(billingThresholdDollars({ currentPeriodEnd: 1 })).toBe(200);
  });
  it("otherwise uses the subscription's amountGte", () => {
    expect(billingThresholdDollars(fx.subscription)).toBe(500);
    expect(billingThresholdDollars({ currentPeriodEnd: 1, billingThresholds: { amountGte: 0 } })).toBe(0);
  });
});

describe('balance (docs/billing.md §Rules and limits)', () => {
  it('converts credits from cents to dollars', () => {
    expect(centsToDollars(12345)).toBe(123.45);
    expect(centsToDollars(0)).toBe(0);
    expect(centsToDollars(-250)).toBe(-2.5);
  });
  it('is credits minus pending charges, in whole cents', () => {
    expect(balanceDollars(fx.balance)).toBe(103.35);
    expect(balanceDollars({ credits: 10000, pendingCharges: 0 })).toBe(100);
    expect(balanceDollars({ credits: 1000, pendingCharges: 25.5 })).toBe(-15.5);
    expect(balanceDollars({ credits: 30, pendingCharges: 0.1 })).toBe(0.2);
  });
  it("labels a positive balance 'Credits Available', otherwise 'Current Balance'", () => {
    expect(balanceLabel(103.35)).toBe('Credits Available');
    expect(balanceLabel(0.01)).toBe('Credits Available');
    expect(balanceLabel(0)).toBe('Current Balance');
    expect(balanceLabel(-15.5)).toBe('Current Balance');
    expect(balanceLabel(balanceDollars({ credits: 5000, pendingCharges: 50 }))).toBe('Current Balance');
  });
});

describe('statuses (docs/billing.md §Invoice and credit states)', () => {
  it('classifies invoices as paid or other', () => {
    expect(invoiceStatus(fx.paidInvoice.status)).toBe('paid');
    expect(invoiceStatus(fx.openInvoice.status)).toBe('other');
    expect(invoiceStatus('void')).toBe('other');
    expect(invoiceStatus('')).toBe('other');
  });
  it('classifies credits as active, expired or other', () => {
    expect(creditStatus(fx.activeCredit.status)).toBe('active');
    expect(creditStatus(fx.expiredCredit.status)).toBe('expired');
    expect(creditStatus('pending')).toBe('other');
    expect(creditStatus('ACTIVE')).toBe('other');
  });
});

describe('billing UI rules', () => {
  it('disables invoice download without a URL (docs/billing.md §Messages)', () => {
    expect(canDownloadInvoice(fx.paidInvoice)).toBe(true);
    expect(canDownloadInvoice(fx.openInvoice)).toBe(false);
    expect(canDownloadInvoice({ downloadUrl: ' ' })).toBe(false);
    expect(canDownloadInvoice({})).toBe(false);
  });
  it('disables Redeem while the promo code is empty (docs/billing.md §Rules and limits)', () => {
    expect(canRedeemVoucher('')).toBe(false);
    expect(canRedeemVoucher('  ')).toBe(false);
    expect(canRedeemVoucher('LAUNCH50')).toBe(true);
  });
  it('names the tabs and the setup success message (docs/billing.md §Screens and routes)', () => {
    expect(BILLING_TABS).toEqual(['Balance', 'Payment Methods', 'Payment History', 'Credits History']);
    expect(PAYMENT_METHOD_ADDED).toBe('Payment method added successfully');
  });
});
