/**
 * Payment History and Credits History tabs (docs/billing.md §Screens and routes, §Entities invoice and credit transaction, §Invoice and credit states statuses, §Messages "Invoice
 * download unavailable: the button is disabled"). Download opens the server's PDF behind its signed url.
 */
import { canDownloadInvoice } from '../../contracts/billing';
import { useCreditTransactions, useInvoices } from '../../services/billing.queries';
import { Badge, ReadState } from './BillingParts';
import { Table, type TableClasses } from '../ui/Table';
import { creditBadge, formatCents, formatDate, invoiceBadge, invoiceMethod } from './billingFormat';
import { formatDollars } from '../../contracts/billing';

/** The billing tables' own look: smaller text on narrow screens, nothing wraps. */
const CLASSES: TableClasses = {
  table: 'min-w-full divide-y divide-slate-200 text-[0.8125rem] lg:text-sm',
  head: 'bg-slate-50',
  headerCell:
    'px-2.5 lg:px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 whitespace-nowrap',
  cell: 'px-2.5 lg:px-4 py-3 text-slate-800 whitespace-nowrap',
};

export function PaymentHistoryTab({ workspaceId }: { workspaceId: string }) {
  const invoices = useInvoices(workspaceId);
  return (
    <ReadState
      read={invoices}
      what="payment history"
      isEmpty={(d) => d.length === 0}
      empty={{ title: 'No invoices yet', text: 'Invoices appear here once your first billing period closes.' }}
    >
      {(data) => (
        <Table
          frame={{ region: 'Invoices' }}
          classes={CLASSES}
          rows={data}
          rowKey={(invoice) => invoice.transactionId}
          columns={[
            { header: 'Date', cell: (invoice) => formatDate(invoice.date) },
            { header: 'Transaction ID', cell: (invoice) => invoice.transactionId, className: 'font-mono text-xs' },
            {
              header: 'Amount',
              cell: (invoice) => formatDollars(invoice.amount),
              headerClassName: 'text-right',
              className: 'text-right font-medium',
            },
            {
              header: 'Status',
              cell: (invoice) => {
                const badge = invoiceBadge(invoice.status);
                return <Badge tone={badge.tone}>{badge.text}</Badge>;
              },
            },
            { header: 'Payment method', cell: (invoice) => invoiceMethod(invoice.paymentMethod) },
          ]}
          rowActions={{
            label: 'Invoice',
            className: 'text-right',
            cell: (invoice) =>
              canDownloadInvoice(invoice) ? (
                <a
                  href={invoice.downloadUrl!}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Download invoice ${invoice.transactionId} (PDF, opens in a new tab)`}
                  className="inline-flex rounded-lg px-3 py-1.5 text-sm font-semibold text-indigo-700 ring-1 ring-slate-300 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                >
                  Download
                </a>
              ) : (
                <button
                  type="button"
                  disabled
                  aria-label={`Download invoice ${invoice.transactionId} (unavailable)`}
                  title="No document for this invoice"
                  className="inline-flex cursor-not-allowed rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-500 ring-1 ring-slate-200"
                >
                  Download
                </button>
              ),
          }}
        />
      )}
    </ReadState>
  );
}

export function CreditsHistoryTab({ workspaceId }: { workspaceId: string }) {
  const credits = useCreditTransactions(workspaceId);
  return (
    <ReadState
      read={credits}
      what="credits history"
      isEmpty={(d) => d.length === 0}
      empty={{ title: 'No credits yet', text: 'Credits from promo codes and goodwill gestures appear here.' }}
    >
      {(data) => (
        <Table
          frame={{ region: 'Credit transactions' }}
          classes={CLASSES}
          rows={data}
          rowKey={(credit) => credit.id}
          columns={[
            { header: 'Created', cell: (credit) => formatDate(credit.created) },
            { header: 'Description', cell: (credit) => credit.description, className: 'min-w-40 !whitespace-normal' },
            {
              header: 'Amount',
              cell: (credit) => formatCents(credit.amount, credit.currency),
              headerClassName: 'text-right',
              className: 'text-right font-medium',
            },
            { header: 'Currency', cell: (credit) => credit.currency, className: 'uppercase' },
            {
              header: 'Status',
              cell: (credit) => {
                const badge = creditBadge(credit.status);
                return <Badge tone={badge.tone}>{badge.text}</Badge>;
              },
            },
            { header: 'Expires', cell: (credit) => (credit.expiresAt ? formatDate(credit.expiresAt) : 'Never') },
          ]}
        />
      )}
    </ReadState>
  );
}
