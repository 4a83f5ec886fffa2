/**
 * /workspace/{id}/billing[/{tab}] (docs/billing.md §Screens and routes billing, admins only: the route's guard, and the server answers 403 to
 * others): the tabs Balance, Payment Methods, Payment History, Credits History, each its own address. Opened with
 * ?success=true (back from the provider's hosted page) it says 'Payment method added successfully' and shows the
 * Payment Methods tab. An unknown tab (/billing/nope) goes to the canonical /billing, keeping the query. A thin view:
 * reads are React Query hooks, actions are events to the billing flows.
 */
import { useSelector } from '@xstate/react';
import { Link, Redirect, useParams, useSearch } from 'wouter';
import { BILLING_TABS } from '../../contracts/billing';
import type { Workspace } from '../../contracts/workspace';
import { BILLING_TAB_SLUGS, href, type BillingTabSlug } from '../../paths';
import { paymentMethodSetupFlow } from '../../machines/payment-method-setup/payment-method-setup.actors';
import {
  selectSetup,
  paymentMethodSetupActions,
} from '../../machines/payment-method-setup/payment-method-setup.selectors';
import type { PaymentMethodSetupActor } from '../../machines/payment-method-setup/payment-method-setup.machine';
import { useFlowActor } from '../flows/useFlowActor';
import { useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { BalanceTab } from './BalanceTab';
import { PaymentMethodsTab } from './PaymentMethodsTab';
import { CreditsHistoryTab, PaymentHistoryTab } from './HistoryTabs';
import { useActions } from '../flows/useActions';

const isTab = (value: string | undefined): value is BillingTabSlug =>
  BILLING_TAB_SLUGS.includes(value as BillingTabSlug);

function BillingScreen({ workspace }: { workspace: Workspace }) {
  const { tab: tabParam } = useParams<{ tab?: string }>();
  const search = useSearch();
  if (tabParam !== undefined && !isTab(tabParam))
    return <Redirect to={`${href.billing(workspace.id)}${search ? `?${search}` : ''}`} replace />;
  return <BillingTabs workspace={workspace} tabParam={tabParam} search={search} />;
}

function BillingTabs({
  workspace,
  tabParam,
  search,
}: {
  workspace: Workspace;
  tabParam: BillingTabSlug | undefined;
  search: string;
}) {
  const returned = new URLSearchParams(search).get('success') === 'true';
  const setup = useFlowActor(paymentMethodSetupFlow, { workspaceId: workspace.id, returned }, { key: workspace.id });
  const tab: BillingTabSlug = tabParam ?? (returned ? 'payment-methods' : 'balance');
  const label = BILLING_TABS[BILLING_TAB_SLUGS.indexOf(tab)]!;

  return (
    <section className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-slate-900">Billing</h1>
      <p className="mt-1 text-sm text-slate-600">Balance, payment methods and invoices of {workspace.name}</p>
      <AddedBanner setup={setup} />
      <nav aria-label="Billing sections" className="mt-5 border-b border-slate-200">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {BILLING_TAB_SLUGS.map((slug, i) => {
            const current = slug === tab;
            return (
              <li key={slug}>
                <Link
                  href={href.billingTab(workspace.id, slug)}
                  aria-current={current ? 'page' : undefined}
                  className={`block whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${current ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-800'}`}
                >
                  {BILLING_TABS[i]}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <h2 className="sr-only">{label}</h2>
      <div className="mt-5">
        {tab === 'balance' && <BalanceTab workspaceId={workspace.id} />}
        {tab === 'payment-methods' && <PaymentMethodsTab workspaceId={workspace.id} setup={setup} />}
        {tab === 'payment-history' && <PaymentHistoryTab workspaceId={workspace.id} />}
        {tab === 'credits-history' && <CreditsHistoryTab workspaceId={workspace.id} />}
      </div>
    </section>
  );
}

function AddedBanner({ setup }: { setup: PaymentMethodSetupActor }) {
  const { added } = useSelector(setup, selectSetup);
  const setupActions = useActions(setup, paymentMethodSetupActions);
  return (
    <div role="status" className="empty:hidden">
      {added && (
        <div className="mt-4 flex items-center justify-between gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
          <span className="font-medium">{added}</span>
          <button
            type="button"
            onClick={setupActions.dismiss}
            className="rounded-md px-2 py-1 font-semibold text-emerald-900 hover:bg-emerald-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
          >
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}

export default function BillingPage() {
  const workspace = useCurrentWorkspace();
  if (!workspace) return null;
  // One set of flows per workspace: switching workspace starts fresh ones.
  return <BillingScreen key={workspace.id} workspace={workspace} />;
}
