/**
 * App Settings → Catalogue (docs/app-settings.md §Entities App.catalogue; the item's shape in src/contracts/catalogue.ts): the app's in-game
 * items and prices as the publisher maintains them for quests. The list is a React Query read; adding, editing
 * (a dialog with field errors) and removing (a confirmation) are the catalogue-item flow. Viewers see the list with
 * the actions disabled and the view-only tooltip (docs/app-settings.md §Roles) (the server refuses them too).
 */
import { useEffect, useId } from 'react';
import { useSelector } from '@xstate/react';
import type { App } from '../../contracts/apps';
import type { Workspace } from '../../contracts/workspace';
import { MAX } from '../../contracts/codecs';
import {
  CATALOGUE_MAX_ITEMS,
  ITEM_TYPE_LABELS,
  PERIOD_LABELS,
  formatPrice,
  type CatalogueItem,
  type CatalogueItemType,
  type SubscriptionPeriod,
} from '../../contracts/catalogue';
import { catalogueItemFlow } from '../../machines/catalogue-item/catalogue-item.actors';
import { selectCatalogueItem, catalogueItemActions } from '../../machines/catalogue-item/catalogue-item.selectors';
import type { DraftField } from '../../machines/catalogue-item/catalogue-item.machine';
import { useCatalogue } from '../../services/catalogue.queries';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyState } from '../ui/EmptyState';
import { FormModal } from '../ui/FormModal';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { viewerDenied } from '../ui/permissions';
import { LoadFailed } from './parts';
import { useActions } from '../flows/useActions';
import { Table } from '../ui/Table';

const NO_ITEMS: CatalogueItem[] = [];
const selectClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-100';

export default function CatalogueTab({ app, workspace }: { app: App; workspace: Workspace }) {
  const catalogue = useCatalogue(app.id);
  const items = catalogue.data ?? NO_ITEMS;
  const actor = useFlowActor(catalogueItemFlow, { appId: app.id, items }, { key: app.id });
  const view = useSelector(actor, selectCatalogueItem);
  const actions = useActions(actor, catalogueItemActions);
  useEffect(() => {
    actions.sync(items);
  }, [actions, items]);
  const denied = viewerDenied(workspace.role);
  const full = items.length >= CATALOGUE_MAX_ITEMS;
  const add = (
    <Button
      onClick={actions.add}
      deniedReason={denied}
      disabled={full || !catalogue.isSuccess}
      title={full ? `A catalogue holds at most ${CATALOGUE_MAX_ITEMS} items.` : undefined}
    >
      Add item
    </Button>
  );

  return (
    <section aria-labelledby="catalogue-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="catalogue-heading" className="text-lg font-semibold text-slate-900">
            Catalogue
          </h2>
          <p className="text-sm text-slate-600">
            The in-game items and prices of {app.appName} that quests can offer as rewards or purchase goals.
          </p>
        </div>
        {items.length > 0 && add}
      </div>

      {catalogue.isPending ? (
        <Spinner label="Loading the catalogue" />
      ) : catalogue.isError ? (
        <LoadFailed what="catalogue" onRetry={() => void catalogue.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No items in the catalogue yet" action={add}>
          Add the items players can buy — gems, bundles, a subscription — with their store SKU and price.
        </EmptyState>
      ) : (
        <Table
          frame={{ card: true }}
          caption={`Catalogue items of ${app.appName}`}
          rows={items}
          rowKey={(item) => item.id}
          columns={[
            { header: 'Name', rowHeader: true, cell: (item) => item.name, className: 'font-medium text-slate-900' },
            { header: 'SKU', cell: (item) => item.sku, className: 'font-mono text-xs text-slate-700' },
            {
              header: 'Type',
              cell: (item) => `${ITEM_TYPE_LABELS[item.type]}${item.period ? ` · ${PERIOD_LABELS[item.period]}` : ''}`,
              className: 'text-slate-700',
            },
            {
              header: 'Price',
              cell: (item) => formatPrice(item.priceUsd),
              headerClassName: 'text-right',
              className: 'text-right tabular-nums text-slate-900',
            },
          ]}
          rowActions={{
            cell: (item) => (
              <div className="flex justify-end gap-2">
                <Button
                  variant="secondary"
                  onClick={() => actions.edit(item)}
                  deniedReason={denied}
                  aria-label={`Edit ${item.name}`}
                >
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => actions.remove(item)}
                  deniedReason={denied}
                  aria-label={`Remove ${item.name}`}
                >
                  Remove
                </Button>
              </div>
            ),
          }}
        />
      )}

      <ItemDialog
        view={view}
        onChange={(field, value) => actions.change(field, value)}
        onSubmit={actions.submit}
        onClose={actions.cancel}
      />
      <ConfirmDialog
        open={view.removing}
        title="Remove item?"
        message={
          view.target
            ? `${view.target.name} (${view.target.sku}) will be removed from the catalogue. Quests that offer it will no longer find it.`
            : ''
        }
        confirmLabel="Remove"
        busy={view.removeBusy}
        error={view.error}
        onConfirm={actions.confirm}
        onCancel={actions.cancel}
      />
    </section>
  );
}

function ItemDialog({
  view,
  onChange,
  onSubmit,
  onClose,
}: {
  view: ReturnType<typeof selectCatalogueItem>;
  onChange: (field: DraftField, value: string) => void;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const ids = useId();
  const { draft, errors } = view;
  const field = (name: DraftField) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange(name, event.target.value);
  return (
    <FormModal
      open={view.editing}
      title={view.isNew ? 'Add item' : 'Edit item'}
      submitLabel={view.isNew ? 'Add item' : 'Save item'}
      busy={view.saving}
      onClose={onClose}
      onSubmit={onSubmit}
      className="space-y-4"
    >
      <TextField
        label="Name"
        value={draft.name}
        onChange={field('name')}
        error={errors.name}
        maxLength={MAX.name}
        placeholder="Chest of Gems"
      />
      <TextField
        label="SKU"
        value={draft.sku}
        onChange={field('sku')}
        error={errors.sku}
        hint="The product id in Google Play or the App Store, such as gems_chest."
        maxLength={MAX.label}
        spellCheck={false}
        autoCapitalize="off"
      />
      <div>
        <label htmlFor={`${ids}-type`} className="block text-sm font-medium text-slate-700">
          Type
        </label>
        <select id={`${ids}-type`} value={draft.type} onChange={field('type')} className={selectClass}>
          {(Object.keys(ITEM_TYPE_LABELS) as CatalogueItemType[]).map((type) => (
            <option key={type} value={type}>
              {ITEM_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      {draft.type === 'subscription' && (
        <div>
          <label htmlFor={`${ids}-period`} className="block text-sm font-medium text-slate-700">
            Renews
          </label>
          <select
            id={`${ids}-period`}
            value={draft.period ?? ''}
            onChange={field('period')}
            aria-invalid={!!errors.period || undefined}
            aria-describedby={errors.period ? `${ids}-period-error` : undefined}
            className={selectClass}
          >
            <option value="">Choose…</option>
            {(Object.keys(PERIOD_LABELS) as SubscriptionPeriod[]).map((period) => (
              <option key={period} value={period}>
                {PERIOD_LABELS[period]}
              </option>
            ))}
          </select>
          {errors.period && (
            <p id={`${ids}-period-error`} className="mt-1 text-xs text-rose-600">
              {errors.period}
            </p>
          )}
        </div>
      )}
      <TextField
        label="Price (USD)"
        value={draft.price}
        onChange={field('price')}
        error={errors.price}
        inputMode="decimal"
        placeholder="4.99"
        maxLength={12}
      />
      {view.error && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {view.error}
        </p>
      )}
    </FormModal>
  );
}
