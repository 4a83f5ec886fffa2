/**
 * The Acquire target's field rules, the one validator the Target form and the server both run:
 * the required fields (docs/acquire.md §Rules and limits), and our ranges: a daily budget of 0 or more, an analysis period of 1 to 365 whole days.
 * Numeric strings count as numbers (form inputs). The KPI itself is not editable and not checked here (the codec
 * guards it on the wire). Messages follow validation.ts: a field path to one short phrase.
 * Pure: imports only validation.ts.
 */
import { type FieldErrors, REQUIRED, isBlank, requiredInteger, requiredNumber, toNumber } from './validation';

export const MIN_DAILY_BUDGET = 0;
export const MIN_ANALYSIS_PERIOD_DAYS = 1;
export const MAX_ANALYSIS_PERIOD_DAYS = 365;
export const DAILY_BUDGET_NEGATIVE = 'must be 0 or more';
export const ANALYSIS_PERIOD_RANGE = `must be between ${MIN_ANALYSIS_PERIOD_DAYS} and ${MAX_ANALYSIS_PERIOD_DAYS} days`;

/** What the target form holds while editing: inputs may be strings or empty. */
export interface AcquireTargetForm {
  countries?: readonly string[] | null;
  dailyBudget?: unknown;
  targetKpi?: unknown;
  targetKpiValue?: unknown;
  analysisPeriod?: unknown;
}
export type AcquireTargetField = 'countries' | 'dailyBudget' | 'targetKpiValue' | 'analysisPeriod';

/**
 * docs/acquire.md §Rules and limits Acquire target: countries required; dailyBudget required number (0 or more); targetKpiValue required
 * number; analysisPeriod required integer (1 to 365).
 */
export function validateAcquireTarget(form: AcquireTargetForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(form.countries) || form.countries.filter((c) => !isBlank(c)).length === 0)
    errors.countries = REQUIRED;
  const dailyBudget = requiredNumber(form.dailyBudget);
  if (dailyBudget) errors.dailyBudget = dailyBudget;
  else if (toNumber(form.dailyBudget)! < MIN_DAILY_BUDGET) errors.dailyBudget = DAILY_BUDGET_NEGATIVE;
  const targetKpiValue = requiredNumber(form.targetKpiValue);
  if (targetKpiValue) errors.targetKpiValue = targetKpiValue;
  const analysisPeriod = requiredInteger(form.analysisPeriod);
  if (analysisPeriod) errors.analysisPeriod = analysisPeriod;
  else {
    const days = toNumber(form.analysisPeriod)!;
    if (days < MIN_ANALYSIS_PERIOD_DAYS || days > MAX_ANALYSIS_PERIOD_DAYS)
      errors.analysisPeriod = ANALYSIS_PERIOD_RANGE;
  }
  return errors;
}
