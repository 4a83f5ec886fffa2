/**
 * Settings → Catalogue, adding, editing and removing one item of the app's catalogue (docs/app-settings.md §Entities App.catalogue; the item
 * and its rules: src/contracts/catalogue.ts). The list itself is a React Query read; SYNC keeps the skus of the
 * other items here for the uniqueness rule.
 *
 *   idle ─ADD / EDIT(item)─► editing ─SUBMIT (valid)─► saving ─┬─ success ─────────► idle ('Item added to the catalogue.' /
 *     │                        │ CHANGE, CANCEL → idle          │                     'Item updated.'; `changed` refreshes the list)
 *     │                        │ SUBMIT (invalid): field errors ├─ success: false ──► editing ITEM_SAVE_FAILED
 *     │                                                         ├─ 400 / 403 / 409 ─► editing, the server's words (a sku taken
 *     │                                                         │                     meanwhile lands on the SKU field)
 *     │                                                         └─ anything else ───► editing ITEM_SAVE_FAILED
 *     └─REMOVE(item)─► confirmingRemove ─CONFIRM─► removing ─┬─ success ─► idle 'Item removed from the catalogue.'
 *                        └─CANCEL─► idle                      └─ failed ──► confirmingRemove with ITEM_REMOVE_FAILED
 *
 * The draft is kept after a failed save. The calls, `notify` and `changed` are provided by catalogue-item.actors.ts.
 */
import { assign, setup } from 'xstate';
import type { SuccessMessage } from '../../contracts/codecs';
import {
  ITEM_ADDED,
  ITEM_REMOVED,
  ITEM_REMOVE_FAILED,
  ITEM_SAVE_FAILED,
  ITEM_UPDATED,
  SKU_TAKEN,
  catalogueInputOf,
  draftOf,
  emptyDraft,
  validateCatalogueItem,
  type CatalogueDraft,
  type CatalogueItem,
  type CatalogueItemInput,
  type CatalogueItemResponse,
} from '../../contracts/catalogue';
import type { FieldErrors } from '../../contracts/validation';
import { apiFailure, hasStatus, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

export interface CatalogueItemContext {
  appId: string;
  items: readonly CatalogueItem[];
  /** The item being edited or removed (null: a new item). */
  target: CatalogueItem | null;
  draft: CatalogueDraft;
  errors: FieldErrors;
  submitted: boolean;
  error: string | null;
}
export type DraftField = keyof CatalogueDraft;
export type CatalogueItemEvent =
  | { type: 'SYNC'; items: readonly CatalogueItem[] }
  | { type: 'ADD' }
  | { type: 'EDIT'; item: CatalogueItem }
  | { type: 'REMOVE'; item: CatalogueItem }
  | { type: 'CHANGE'; field: DraftField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

const otherSkus = (c: Pick<CatalogueItemContext, 'items' | 'target'>) =>
  c.items.filter((item) => item.id !== c.target?.id).map((item) => item.sku);
const errorsOf = (c: Pick<CatalogueItemContext, 'items' | 'target' | 'draft'>) =>
  validateCatalogueItem(c.draft, otherSkus(c));
function changed(draft: CatalogueDraft, field: DraftField, value: string): CatalogueDraft {
  if (field === 'period') return { ...draft, period: value === '' ? null : (value as CatalogueDraft['period']) };
  if (field === 'type') return { ...draft, type: value as CatalogueDraft['type'] };
  return { ...draft, [field]: value };
}
function saveFailure(error: unknown): { error: string | null; errors: FieldErrors } {
  const words = hasStatus(error, 400) || hasStatus(error, 403) || hasStatus(error, 409) ? serverWords(error) : null;
  if (words === SKU_TAKEN || apiFailure(error)?.code === 'sku_taken')
    return { error: null, errors: { sku: SKU_TAKEN } };
  return { error: words ?? ITEM_SAVE_FAILED, errors: {} };
}
/** A fresh dialog's state (ADD, EDIT and REMOVE set the target and the draft). */
const opened = { target: null, draft: emptyDraft(), errors: {}, submitted: false, error: null };
/** Closing keeps the target and draft, so a dialog fading out does not change its title or fields. */
const closed = { errors: {}, submitted: false, error: null };

export const catalogueItemMachine = setup({
  types: {
    context: {} as CatalogueItemContext,
    events: {} as CatalogueItemEvent,
    input: {} as { appId: string; items: readonly CatalogueItem[] },
    children: {} as { saveItem: 'saveItem'; removeItem: 'removeItem' },
  },
  actors: {
    saveItem: toProvide<CatalogueItemResponse, { appId: string; itemId: string | null; item: CatalogueItemInput }>(
      'saveItem',
    ),
    removeItem: toProvide<SuccessMessage, { appId: string; itemId: string }>('removeItem'),
  },
  guards: {
    answerSucceeded,
    draftValid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
  },
  actions: {
    notify,
    /** The catalogue changed on the server: refresh the list (provided by the binding). */
    changed: (_args, _params: { appId: string }) => {},
  },
}).createMachine({
  id: 'catalogueItem',
  context: ({ input }) => ({ appId: input.appId, items: input.items, ...opened }),
  initial: 'idle',
  on: {
    SYNC: { actions: assign({ items: ({ event }) => event.items }) },
  },
  states: {
    idle: {
      on: {
        ADD: { target: 'editing', actions: assign({ ...opened, draft: () => emptyDraft() }) },
        EDIT: {
          target: 'editing',
          actions: assign(({ event }) => ({ ...opened, target: event.item, draft: draftOf(event.item) })),
        },
        REMOVE: { target: 'confirmingRemove', actions: assign(({ event }) => ({ ...opened, target: event.item })) },
      },
    },
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => {
            const draft = changed(context.draft, event.field, event.value);
            return { draft, errors: context.submitted ? errorsOf({ ...context, draft }) : {} };
          }),
        },
        SUBMIT: [
          { guard: 'draftValid', target: 'saving', actions: assign({ submitted: true, errors: {}, error: null }) },
          { actions: assign(({ context }) => ({ submitted: true, errors: errorsOf(context) })) },
        ],
        CANCEL: { target: 'idle', actions: assign(closed) },
      },
    },
    saving: {
      invoke: {
        id: 'saveItem',
        src: 'saveItem',
        input: ({ context }) => ({
          appId: context.appId,
          itemId: context.target?.id ?? null,
          item: catalogueInputOf(context.draft),
        }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({
                  message: context.target ? ITEM_UPDATED : ITEM_ADDED,
                  kind: 'success' as const,
                }),
              },
              { type: 'changed', params: ({ context }) => ({ appId: context.appId }) },
              assign(closed),
            ],
          },
          { target: 'editing', actions: assign({ error: ITEM_SAVE_FAILED }) },
        ],
        onError: { target: 'editing', actions: assign(({ event }) => saveFailure(event.error)) },
      },
    },
    confirmingRemove: {
      on: {
        CONFIRM: { target: 'removing', actions: assign({ error: null }) },
        CANCEL: { target: 'idle', actions: assign(closed) },
      },
    },
    removing: {
      invoke: {
        id: 'removeItem',
        src: 'removeItem',
        input: ({ context }) => ({ appId: context.appId, itemId: context.target!.id }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              { type: 'notify', params: { message: ITEM_REMOVED, kind: 'success' } },
              { type: 'changed', params: ({ context }) => ({ appId: context.appId }) },
              assign(closed),
            ],
          },
          { target: 'confirmingRemove', actions: assign({ error: ITEM_REMOVE_FAILED }) },
        ],
        onError: {
          target: 'confirmingRemove',
          actions: assign({
            error: ({ event }) => (hasStatus(event.error, 403) ? serverWords(event.error) : null) ?? ITEM_REMOVE_FAILED,
          }),
        },
      },
    },
  },
});
