/**
 * Balance tab (docs/billing.md §Screens and routes, §Rules and limits): the balance (credits − pending charges) as 'Credits Available' or 'Current Balance',
 * the billing threshold and the current period's end, the promo code box (redeem-promo flow), and — beyond the product contract (docs/billing.md §What it does) —
 * the spending pace, the days of runway at that pace with a low-balance warning, and the usable credits in the order
 * they are spent with their expiry countdowns.
 */
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import {
  balanceDollars,
  balanceLabel,
  billingThresholdDollars,
  expiryCountdown,
  formatDollars,
  LOW_BALANCE_DAYS,
  PROMO_CODE_MAX,
  type Runway,
} from '../../contracts/billing';
import { useBalance, useRunway, useSubscription } from '../../services/billing.queries';
import { redeemPromoFlow } from '../../machines/redeem-promo/redeem-promo.actors';
import { selectRedeem, redeemPromoActions } from '../../machines/redeem-promo/redeem-promo.selectors';
import type { RedeemPromoActor } from '../../machines/redeem-promo/redeem-promo.machine';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { Badge, Panel, ReadState } from './BillingParts';
import { formatCents, formatDate } from './billingFormat';
import { useActions } from '../flows/useActions';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export function BalanceTab({ workspaceId }: { workspaceId: string }) {
  const balance = useBalance(workspaceId);
  const subscription = useSubscription(workspaceId);
  const runway = useRunway(workspaceId);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ReadState read={balance} what="balance">
        {(data) => {
          const amount = balanceDollars(data);
          return (
            <Panel title={balanceLabel(amount)}>
              <p
                className={`text-3xl font-bold ${amount < 0 ? 'text-rose-700' : 'text-slate-900'}`}
                data-testid="balance-amount"
              >
                {formatDollars(amount)}
              </p>
              <p className="mt-2 text-sm text-slate-600">
                Credits {formatDollars(data.credits / 100)} − pending charges {formatDollars(data.pendingCharges)}
              </p>
            </Panel>
          );
        }}
      </ReadState>
      <ReadState read={subscription} what="subscription">
        {(data) => (
          <Panel title="Billing threshold">
            <p className="text-3xl font-bold text-slate-900">{formatDollars(billingThresholdDollars(data))}</p>
            <p className="mt-2 text-sm text-slate-600">
              Pending charges are billed when they reach the threshold or when the period ends.
              {data && (
                <>
                  {' '}
                  Current period ends{' '}
                  <strong className="font-semibold text-slate-800">{formatDate(data.currentPeriodEnd)}</strong>.
                </>
              )}
            </p>
          </Panel>
        )}
      </ReadState>
      <ReadState read={runway} what="spending pace">
        {(data) => <RunwayPanel runway={data} />}
      </ReadState>
      <RedeemBox workspaceId={workspaceId} />
    </div>
  );
}

function RunwayPanel({ runway }: { runway: Runway }) {
  const now = nowSeconds();
  return (
    <Panel title="Spending pace and runway" className="lg:col-span-2">
      <div className="flex flex-wrap gap-x-10 gap-y-3">
        <div>
          <p className="text-2xl font-bold text-slate-900">
            {formatDollars(runway.dailySpend)} <span className="text-base font-medium text-slate-600">a day</span>
          </p>
          <p className="text-sm text-slate-600">average of the last {runway.paceDays} days</p>
        </div>
        <div>
          <p className="text-2xl font-bold text-slate-900" data-testid="runway-days">
            {runway.runwayDays === null ? 'No spending' : days(runway.runwayDays)}
          </p>
          <p className="text-sm text-slate-600">
            {runway.runwayDays === null ? 'nothing charged lately' : 'of runway at this pace'}
          </p>
        </div>
      </div>
      {runway.lowBalance && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          <strong className="font-semibold">Low balance: </strong>
          {runway.runwayDays === 0
            ? 'your credits are used up; new charges go to your default payment method.'
            : `at this pace your credits run out in about ${days(runway.runwayDays ?? 0)} (less than ${LOW_BALANCE_DAYS}). Redeem a promo code or check your payment methods.`}
        </p>
      )}
      <h3 className="mt-5 text-sm font-semibold text-slate-700">Credits, in the order they are used</h3>
      {runway.credits.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No usable credits: charges go to your default payment method.</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-100" aria-label="Credits in the order they are used">
          {runway.credits.map((credit) => {
            const soon =
              credit.expiresAt !== null && credit.expiresAt !== undefined && credit.expiresAt - now < 14 * 86_400;
            return (
              <li key={credit.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                <span
                  aria-hidden="true"
                  className="flex size-6 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-800"
                >
                  {credit.order}
                </span>
                <span className="sr-only">Used {credit.order === 1 ? 'first' : `in position ${credit.order}`}:</span>
                <span className="min-w-0 flex-1 text-slate-800">{credit.description}</span>
                <span className="font-semibold text-slate-900">
                  {formatCents(credit.remaining, credit.currency)} left
                </span>
                {credit.expiresAt ? (
                  <Badge tone={soon ? 'amber' : 'slate'}>{expiryCountdown(credit.expiresAt, now)}</Badge>
                ) : (
                  <Badge tone="slate">never expires</Badge>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}

function RedeemBox({ workspaceId }: { workspaceId: string }) {
  const actor = useFlowActor(redeemPromoFlow, { workspaceId }, { key: workspaceId });
  return <RedeemForm actor={actor} />;
}

function RedeemForm({ actor }: { actor: RedeemPromoActor }) {
  const view = useSelector(actor, selectRedeem);
  const actions = useActions(actor, redeemPromoActions);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.redeem();
  };
  return (
    <Panel title="Redeem a promo code">
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Promo code"
          className="flex-1"
          value={view.code}
          maxLength={PROMO_CODE_MAX}
          autoComplete="off"
          spellCheck={false}
          error={view.error}
          hint="Credits from a promo code are used before your payment method."
          onChange={(event) => actions.type(event.target.value)}
        />
        <Button type="submit" className="sm:mt-6" disabled={!view.canRedeem} busy={view.busy}>
          Redeem
        </Button>
        {view.busy && (
          <Button variant="secondary" className="sm:mt-6" onClick={actions.cancel}>
            Cancel
          </Button>
        )}
      </form>
    </Panel>
  );
}
