/**
 * React Query reads of the billing tabs (plain reads, no lifecycle). The billing flows invalidate
 * `billingQueryKey(workspaceId)` (every billing read of the workspace) after a change.
 */
import { useServerQuery } from '../queryClient';
import {
  fetchBalance,
  fetchCreditTransactions,
  fetchInvoices,
  fetchPaymentMethods,
  fetchRunway,
  fetchSubscription,
} from './billing.service';

export const billingQueryKey = (workspaceId: string) => ['billing', workspaceId] as const;

function billingRead<T>(
  workspaceId: string,
  what: string,
  fetch: (id: string, signal: AbortSignal) => Promise<{ success: boolean; data: T }>,
  failure: string,
) {
  return {
    queryKey: [...billingQueryKey(workspaceId), what] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const answer = await fetch(workspaceId, signal);
      if (!answer.success) throw new Error(failure);
      return answer.data;
    },
  };
}

export const useBalance = (workspaceId: string) =>
  useServerQuery(billingRead(workspaceId, 'balance', fetchBalance, 'The balance could not be loaded.'));
export const useSubscription = (workspaceId: string) =>
  useServerQuery(billingRead(workspaceId, 'subscription', fetchSubscription, 'The subscription could not be loaded.'));
export const useRunway = (workspaceId: string) =>
  useServerQuery(billingRead(workspaceId, 'runway', fetchRunway, 'The spending pace could not be loaded.'));
/** The methods and the provider that keeps them ('sandbox' is labelled as such). */
export const usePaymentMethods = (workspaceId: string) =>
  useServerQuery(
    billingRead(
      workspaceId,
      'payment-methods',
      async (id, signal) => {
        const answer = await fetchPaymentMethods(id, signal);
        return { success: answer.success, data: { methods: answer.data, provider: answer.provider ?? 'sandbox' } };
      },
      'The payment methods could not be loaded.',
    ),
  );
export const useInvoices = (workspaceId: string) =>
  useServerQuery(billingRead(workspaceId, 'invoices', fetchInvoices, 'The payment history could not be loaded.'));
export const useCreditTransactions = (workspaceId: string) =>
  useServerQuery(
    billingRead(
      workspaceId,
      'credit-transactions',
      fetchCreditTransactions,
      'The credits history could not be loaded.',
    ),
  );
