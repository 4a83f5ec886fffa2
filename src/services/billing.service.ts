/**
 * Billing calls (contract: src/contracts/billing.ts `billingEndpoints`). Reads back billing.queries.ts; the writes
 * are invoked by the billing flows (payment-method-setup, redeem-promo, payment-methods), which invalidate the
 * queries after a success.
 */
import { call } from './http';
import { billingEndpoints as api } from '../contracts/billing';

const ws = (workspaceId: string) => ({ workspaceId });

export const fetchBalance = (workspaceId: string, signal?: AbortSignal) =>
  call(api.balance, { params: ws(workspaceId), signal });
export const fetchSubscription = (workspaceId: string, signal?: AbortSignal) =>
  call(api.subscription, { params: ws(workspaceId), signal });
export const fetchRunway = (workspaceId: string, signal?: AbortSignal) =>
  call(api.runway, { params: ws(workspaceId), signal });
export const fetchPaymentMethods = (workspaceId: string, signal?: AbortSignal) =>
  call(api.paymentMethods, { params: ws(workspaceId), signal });
export const fetchInvoices = (workspaceId: string, signal?: AbortSignal) =>
  call(api.invoices, { params: ws(workspaceId), signal });
export const fetchCreditTransactions = (workspaceId: string, signal?: AbortSignal) =>
  call(api.creditTransactions, { params: ws(workspaceId), signal });

export const requestPaymentMethodSetup = (workspaceId: string, signal?: AbortSignal) =>
  call(api.setupPaymentMethod, { params: ws(workspaceId), signal });
export const setDefaultPaymentMethod = (workspaceId: string, paymentMethodId: string, signal?: AbortSignal) =>
  call(api.setDefault, { params: { workspaceId, paymentMethodId }, signal });
export const deletePaymentMethod = (workspaceId: string, paymentMethodId: string, signal?: AbortSignal) =>
  call(api.deletePaymentMethod, { params: { workspaceId, paymentMethodId }, signal });
export const redeemPromoCode = (workspaceId: string, code: string, signal?: AbortSignal) =>
  call(api.redeem, { params: ws(workspaceId), body: { code }, signal });
