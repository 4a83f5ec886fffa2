/**
 * The Monetize campaign form (docs/monetize.md §Screens and routes monetize/new and monetize/edit/{id}, §Entities Monetize campaign, Target condition and
 * the form-only sendTrafficToApp / displayQuestTo, §Rules and limits Monetize validation, §API endpoints POST /monetize and /monetize/update,
 * §Messages success messages for create and update, §Rules and limits default refPublicPrice 1).
 *
 *   editing ─SUBMIT (valid)─► saving ─┬─ success ──────────► editing + `saved` ('Monetize created/updated successfully.')
 *     │ SET / SET_AUDIENCE / SET_LIST  ├─ success: false ───► editing, the answer's reason (or our failure words)
 *     │ ADD / REMOVE / SET_CONDITION   ├─ 400 / 403 / 409 ──► editing, the server's words (e.g. 'Active event source has
 *     │ SYNC_SOURCE (events loaded)    │                      been changed. Please select event from new event source.')
 *     └ SUBMIT (invalid) shows errors  └─ anything else ────► editing 'Failed to create Monetize!' / 'Failed to update…'
 *
 * Every field is kept after a failure. The rules are form-draft.ts `draftErrors` (the contract's validateMonetizeForm
 * and vocabulary, which the server runs too). The call, `notify` and `saved` are provided by monetize-form.actors.ts.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  EVENT_SOURCE_CHANGED,
  MONETIZE_MESSAGES,
  type Audience,
  type MonetizeCampaign,
  type MonetizeResponse,
} from '../../contracts/monetize';
import type { FieldErrors } from '../../contracts/validation';
import { hasStatus, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import {
  draftErrors,
  emptyCondition,
  patchCondition,
  toDraft,
  toRequest,
  type ConditionDraft,
  type EventSourceInfo,
  type FormDraft,
} from './form-draft';
import { answerSucceeded } from '../shared/answer-guards';

export interface MonetizeFormInput {
  appId: string;
  campaign: MonetizeCampaign | null;
  source: EventSourceInfo;
}
export interface MonetizeFormContext {
  draft: FormDraft;
  source: EventSourceInfo;
  errors: FieldErrors;
  submitted: boolean;
  /** Why the last save failed (shown above the buttons). */
  error: string | null;
}
export type MonetizeFormEvent =
  | { type: 'SET'; field: 'refPublicPrice' | 'minAcceptedPrice'; value: string }
  | { type: 'SET_AUDIENCE'; field: 'sendTrafficToApp' | 'displayQuestTo'; value: Audience }
  | { type: 'SET_LIST'; field: 'countries' | 'sendTrafficToAppIds'; value: string[] }
  | { type: 'ADD_CONDITION' }
  | { type: 'REMOVE_CONDITION'; index: number }
  | { type: 'SET_CONDITION'; index: number; patch: Partial<ConditionDraft> }
  | { type: 'SYNC_SOURCE'; source: EventSourceInfo }
  | { type: 'SUBMIT' };

export type SaveRequest = ReturnType<typeof toRequest>;

const isNew = (c: MonetizeFormContext) => !c.draft.id;
const failedWords = (c: MonetizeFormContext) =>
  isNew(c) ? MONETIZE_MESSAGES.createFailed : MONETIZE_MESSAGES.updateFailed;
/** A refusal the server explained on purpose (role, field, duplicate) is shown in its words; anything else in ours. */
function failureWords(c: MonetizeFormContext, error: unknown): string {
  if (hasStatus(error, 400) || hasStatus(error, 403) || hasStatus(error, 409))
    return serverWords(error) ?? failedWords(c);
  return failedWords(c);
}
/**
 * Shown errors: all of them once the user tried to save; before that only an event from a source that is no longer
 * the app's (docs/monetize.md §Rules and limits 'Active event source has been changed…'), so a saved campaign says so as soon as it opens.
 */
function shownErrors(submitted: boolean, draft: FormDraft, source: EventSourceInfo) {
  const errors = draftErrors(draft, source);
  return submitted
    ? errors
    : Object.fromEntries(Object.entries(errors).filter(([, message]) => message === EVENT_SOURCE_CHANGED));
}
const withDraft = (c: MonetizeFormContext, draft: FormDraft) => ({
  draft,
  errors: shownErrors(c.submitted, draft, c.source),
});

export const monetizeFormMachine = setup({
  types: {
    context: {} as MonetizeFormContext,
    events: {} as MonetizeFormEvent,
    input: {} as MonetizeFormInput,
    children: {} as { save: 'save' },
  },
  actors: {
    save: toProvide<MonetizeResponse, SaveRequest>('save'),
  },
  guards: {
    answerSucceeded,
    formValid: ({ context }) => Object.keys(draftErrors(context.draft, context.source)).length === 0,
  },
  actions: {
    notify,
    /** The campaign was saved (provided: refresh the reads, back to the list). */
    saved: (_args, _params: { appId: string; campaign: MonetizeCampaign | null }) => {},
  },
}).createMachine({
  id: 'monetizeForm',
  context: ({ input }) => {
    const draft = toDraft(input.campaign, input.appId);
    return {
      draft,
      source: input.source,
      errors: shownErrors(false, draft, input.source),
      submitted: false,
      error: null,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET: {
          actions: assign(({ context, event }) => withDraft(context, { ...context.draft, [event.field]: event.value })),
        },
        SET_AUDIENCE: {
          actions: assign(({ context, event }) => {
            const draft = { ...context.draft, [event.field]: event.value };
            // Choosing 'some' players starts with one condition to fill in.
            if (event.field === 'displayQuestTo' && event.value === 'some' && draft.targetConditions.length === 0)
              draft.targetConditions = [emptyCondition()];
            return withDraft(context, draft);
          }),
        },
        SET_LIST: {
          actions: assign(({ context, event }) =>
            withDraft(context, { ...context.draft, [event.field]: [...event.value] }),
          ),
        },
        ADD_CONDITION: {
          actions: assign(({ context }) =>
            withDraft(context, {
              ...context.draft,
              targetConditions: [...context.draft.targetConditions, emptyCondition()],
            }),
          ),
        },
        REMOVE_CONDITION: {
          actions: assign(({ context, event }) =>
            withDraft(context, {
              ...context.draft,
              targetConditions: context.draft.targetConditions.filter((_, i) => i !== event.index),
            }),
          ),
        },
        SET_CONDITION: {
          actions: assign(({ context, event }) =>
            withDraft(context, {
              ...context.draft,
              targetConditions: context.draft.targetConditions.map((c, i) =>
                i === event.index ? patchCondition(c, event.patch, context.source) : c,
              ),
            }),
          ),
        },
        SYNC_SOURCE: {
          actions: assign(({ context, event }) => ({
            source: event.source,
            errors: shownErrors(context.submitted, context.draft, event.source),
          })),
        },
        SUBMIT: [
          { guard: 'formValid', target: 'saving', actions: assign({ submitted: true, errors: {}, error: null }) },
          {
            actions: assign(({ context }) => ({ submitted: true, errors: draftErrors(context.draft, context.source) })),
          },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => toRequest(context.draft),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'editing',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({
                  message: isNew(context) ? MONETIZE_MESSAGES.created : MONETIZE_MESSAGES.updated,
                  kind: 'success' as const,
                }),
              },
              {
                type: 'saved',
                params: ({ context, event }) => ({ appId: context.draft.appId, campaign: event.output.data ?? null }),
              },
              assign(({ context, event }) => ({
                submitted: false,
                draft: event.output.data ? { ...context.draft, id: event.output.data.id } : context.draft,
              })),
            ],
          },
          {
            target: 'editing',
            actions: [
              assign({ error: ({ context, event }) => event.output.reason ?? failedWords(context) }),
              {
                type: 'notify',
                params: ({ context, event }) => ({
                  message: event.output.reason ?? failedWords(context),
                  kind: 'error' as const,
                }),
              },
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            assign({ error: ({ context, event }) => failureWords(context, event.error) }),
            {
              type: 'notify',
              params: ({ context, event }) => ({ message: failureWords(context, event.error), kind: 'error' as const }),
            },
          ],
        },
      },
    },
  },
});

export type MonetizeFormSnapshot = SnapshotFrom<typeof monetizeFormMachine>;
export type MonetizeFormActor = ActorRefFrom<typeof monetizeFormMachine>;
