/**
 * Payment History and Credits History tabs (docs/billing.md §Screens and routes, §Entities invoice and credit transaction, §Invoice and credit states statuses, §Messages "Invoice
 * download unavailable: the button is disabled"). Download opens the server's PDF behind its signed url.
 */
import { canDownloadInvoice } from '../../contracts/billing';
import { useCreditTransactions, useInvoices } from '../../services/billing.queries';
import { Badge, ReadState, TableFrame, td, th } from './BillingParts';
import { creditBadge, formatCents, formatDate, invoiceBadge, invoiceMethod } from './billingFormat';
import { formatDollars } from '../../contracts/billing';

export function PaymentHistoryTab({ workspaceId }: { workspaceId: string }) {
  const invoices = useInvoices(workspaceId);
  return (
    <ReadState read={invoices} what="payment history" isEmpty={(d) => d.length === 0}
      empty={{ title: 'No invoices yet', text: 'Invoices appear here once your first billing period closes.' }}>
      {(data) => (
        <TableFrame label="Invoices">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={th}>Date</th>
              <th scope="col" className={th}>Transaction ID</th>
              <th scope="col" className={`${th} text-right`}>Amount</th>
              <th scope="col" className={th}>Status</th>
              <th scope="col" className={th}>Payment method</th>
              <th scope="col" className={th}><span className="sr-only">Invoice</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.map((invoice) => {
              const badge = invoiceBadge(invoice.status);
              return (
                <tr key={invoice.transactionId}>
                  <td className={td}>{formatDate(invoice.date)}</td>
                  <td className={`${td} font-mono text-xs`}>{invoice.transactionId}</td>
                  <td className={`${td} text-right font-medium`}>{formatDollars(invoice.amount)}</td>
                  <td className={td}><Badge tone={badge.tone}>{badge.text}</Badge></td>
                  <td className={td}>{invoiceMethod(invoice.paymentMethod)}</td>
                  <td className={`${td} text-right`}>
                    {canDownloadInvoice(invoice) ? (
                      <a href={invoice.downloadUrl!} target="_blank" rel="noopener noreferrer"
                        aria-label={`Download invoice ${invoice.transactionId} (PDF, opens in a new tab)`}
                        className="inline-flex rounded-lg px-3 py-1.5 text-sm font-semibold text-indigo-700 ring-1 ring-slate-300 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
                        Download
                      </a>
                    ) : (
                      <button type="button" disabled aria-label={`Download invoice ${invoice.transactionId} (unavailable)`}
                        title="No document for this invoice" className="inline-flex cursor-not-allowed rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-500 ring-1 ring-slate-200">
                        Download
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </TableFrame>
      )}
    </ReadState>
  );
}

export function CreditsHistoryTab({ workspaceId }: { workspaceId: string }) {
  const credits = useCreditTransactions(workspaceId);
  return (
    <ReadState read={credits} what="credits history" isEmpty={(d) => d.length === 0}
      empty={{ title: 'No credits yet', text: 'Credits from promo codes and goodwill gestures appear here.' }}>
      {(data) => (
        <TableFrame label="Credit transactions">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={th}>Created</th>
              <th scope="col" className={th}>Description</th>
              <th scope="col" className={`${th} text-right`}>Amount</th>
              <th scope="col" className={th}>Currency</th>
              <th scope="col" className={th}>Status</th>
              <th scope="col" className={th}>Expires</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.map((credit) => {
              const badge = creditBadge(credit.status);
              return (
                <tr key={credit.id}>
                  <td className={td}>{formatDate(credit.created)}</td>
                  <td className={`${td} min-w-40 !whitespace-normal`}>{credit.description}</td>
                  <td className={`${td} text-right font-medium`}>{formatCents(credit.amount, credit.currency)}</td>
                  <td className={`${td} uppercase`}>{credit.currency}</td>
                  <td className={td}><Badge tone={badge.tone}>{badge.text}</Badge></td>
                  <td className={td}>{credit.expiresAt ? formatDate(credit.expiresAt) : 'Never'}</td>
                </tr>
              );
            })}
          </tbody>
        </TableFrame>
      )}
    </ReadState>
  );
}
