/** View model of the Monetize form: the draft, the errors shown per field, busy, and the conditions to estimate. */
import type { MonetizeFormSnapshot } from './monetize-form.machine';
import { estimableConditions } from './form-draft';

export const selectMonetizeForm = (s: MonetizeFormSnapshot) => ({
  draft: s.context.draft,
  errors: s.context.errors,
  error: s.context.error,
  saving: s.matches('saving'),
  isNew: !s.context.draft.id,
  source: s.context.source,
});

/** Error of one field (a condition's: `targetConditions.{index}.{field}`). */
export const fieldError = (errors: Record<string, string>, field: string) => errors[field] ?? null;

/** The complete conditions the "Beyond" estimate counts (the view debounces them). */
export const selectEstimateConditions = (s: MonetizeFormSnapshot) => estimableConditions(s.context.draft, s.context.source);
