/**
 * Payment Methods tab (docs/billing.md §Screens and routes, §Entities payment method): cards (brand, last4, expiry, Default badge) and the manual
 * invoice; Set as default and Delete (behind a confirm that says why a refusal happened) through the payment-methods
 * flow; Add payment method through the payment-method-setup flow (the provider's hosted page). A sandbox provider
 * is labelled as such.
 */
import { useSelector } from '@xstate/react';
import type { PaymentMethod } from '../../contracts/billing';
import { usePaymentMethods } from '../../services/billing.queries';
import { paymentMethodsFlow } from '../../machines/payment-methods/payment-methods.actors';
import {
  paymentMethodsActions,
  selectDeleteDialog,
  selectIdle,
  selectSettingDefault,
} from '../../machines/payment-methods/payment-methods.selectors';
import type { PaymentMethodsActor } from '../../machines/payment-methods/payment-methods.machine';
import {
  paymentMethodSetupActions,
  selectSetup,
} from '../../machines/payment-method-setup/payment-method-setup.selectors';
import type { PaymentMethodSetupActor } from '../../machines/payment-method-setup/payment-method-setup.machine';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { FlowConfirmDialog } from '../ui/ConfirmDialog';
import { Badge, ReadState } from './BillingParts';
import { brandName, expiryLabel, methodLabel } from './billingFormat';
import { CardBrandMark, InvoiceMark } from './CardBrandMark';
import { useActions } from '../flows/useActions';

export function PaymentMethodsTab({ workspaceId, setup }: { workspaceId: string; setup: PaymentMethodSetupActor }) {
  const setupActions = useActions(setup, paymentMethodSetupActions);
  const methods = usePaymentMethods(workspaceId);
  const actor = useFlowActor(
    paymentMethodsFlow,
    { workspaceId },
    { key: workspaceId, deps: { addMethod: setupActions.start } },
  );
  return (
    <div className="space-y-4">
      <AddMethod setup={setup} sandbox={methods.data?.provider === 'sandbox'} />
      <ReadState
        read={methods}
        what="payment methods"
        isEmpty={(data) => data.methods.length === 0}
        empty={{
          title: 'No payment methods yet',
          text: 'Add a card so pending charges can be paid when they reach your billing threshold.',
        }}
      >
        {(data) => (
          <ul
            className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
            aria-label="Payment methods"
          >
            {data.methods.map((method) => (
              <MethodRow key={method.id} method={method} actor={actor} />
            ))}
          </ul>
        )}
      </ReadState>
      <DeleteDialog actor={actor} />
    </div>
  );
}

function AddMethod({ setup, sandbox }: { setup: PaymentMethodSetupActor; sandbox: boolean }) {
  const view = useSelector(setup, selectSetup);
  const setupActions = useActions(setup, paymentMethodSetupActions);
  const requesting = useSelector(setup, (s) => s.matches('requesting'));
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="text-sm text-slate-700">
          Cards are saved on the payments provider&apos;s secure page; Questboard never sees the card number.
        </p>
        {sandbox && (
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
            <Badge tone="amber">Sandbox</Badge> Test mode: no real card is stored or charged.
          </p>
        )}
        {view.error && (
          <p className="mt-2 flex items-center gap-2 text-sm text-rose-700">
            <span role="alert">{view.error}</span>
            <button
              type="button"
              className="rounded-md px-2 py-1 font-semibold hover:bg-rose-50"
              onClick={setupActions.dismiss}
            >
              Dismiss
            </button>
          </p>
        )}
      </div>
      <div className="flex gap-2 sm:shrink-0">
        {requesting && (
          <Button variant="secondary" onClick={setupActions.cancel}>
            Cancel
          </Button>
        )}
        <Button busy={view.busy} onClick={setupActions.start}>
          Add payment method
        </Button>
      </div>
    </div>
  );
}

function MethodRow({ method, actor }: { method: PaymentMethod; actor: PaymentMethodsActor }) {
  const settingDefault = useSelector(actor, selectSettingDefault);
  const idle = useSelector(actor, selectIdle);
  const actions = useActions(actor, paymentMethodsActions);
  const label = methodLabel(method);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {method.card ? <CardBrandMark brand={method.card.brand} /> : <InvoiceMark />}
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {method.card ? (
              <>
                {brandName(method.card.brand)} <span className="font-mono">•••• {method.card.last4}</span>
              </>
            ) : (
              'Manual invoice'
            )}
            {method.isDefault && <Badge tone="indigo">Default</Badge>}
          </p>
          <p className="text-sm text-slate-600">
            {method.card
              ? `Expires ${expiryLabel(method.card.expMonth, method.card.expYear)}`
              : 'Pay each invoice by bank transfer.'}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        {!method.isDefault && (
          <Button
            variant="secondary"
            aria-label={`Set as default: ${label}`}
            busy={settingDefault === method.id}
            disabled={!idle}
            onClick={() => actions.setDefault({ id: method.id, label })}
          >
            Set as default
          </Button>
        )}
        <Button
          variant="ghost"
          className="text-rose-700"
          aria-label={`Delete ${label}`}
          disabled={!idle}
          onClick={() => actions.remove({ id: method.id, label, deletable: method.deletable })}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

function DeleteDialog({ actor }: { actor: PaymentMethodsActor }) {
  const view = useSelector(actor, selectDeleteDialog);
  const actions = useActions(actor, paymentMethodsActions);
  // A method that cannot go: the dialog's way forward is adding another method.
  return (
    <FlowConfirmDialog
      view={view}
      actions={{ confirm: view.blocked ? actions.addMethod : actions.confirm, cancel: actions.cancel }}
    />
  );
}
