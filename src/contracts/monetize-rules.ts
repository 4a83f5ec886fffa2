/**
 * The Monetize campaign's whole rule set, the one validator the form and the server both run: docs/monetize.md §Rules and limits
 * (validateMonetizeForm), the condition vocabulary (monetizeChoiceErrors) and the prices (ours): the reference public
 * price is 0 or more; the minimum accepted price is optional, 0 or more, and never above the reference public price
 * (the least a player is offered cannot exceed the price the campaign asks for).
 *
 * Every message is said in words: what the field needs ("Choose at least one country."), not a bare "required". Keys
 * stay those of validateMonetizeForm: field names, and `targetConditions.{index}.{field}` for conditions. docs/monetize.md §Messages'
 * sentence for a stale event ('Active event source has been changed…') is kept verbatim.
 */
import {
  NOT_A_PARAMETER,
  monetizeChoiceErrors,
  validateMonetizeForm,
  type ConditionDataType,
  type MonetizeFormInput,
  type MonetizeValidationContext,
  type TargetConditionInput,
} from './monetize';
import {
  type FieldErrors,
  MUST_BE_INTEGER,
  MUST_BE_NUMBER,
  MUST_BE_STRING,
  MUST_BE_TIMESTAMP,
  REQUIRED,
  isBlank,
  toNumber,
} from './validation';

export interface MonetizeCampaignRulesInput extends MonetizeFormInput {
  minAcceptedPrice?: unknown;
}

const usd = (value: number) => `$${value.toFixed(2)}`;
export const REF_PRICE_NEGATIVE = 'The reference public price must be 0 or more.';
export const MIN_PRICE_NUMBER = 'The minimum accepted price must be an amount in dollars, such as 0.80, or left empty.';
export const MIN_PRICE_NEGATIVE = 'The minimum accepted price must be 0 or more.';
export const minPriceAboveReference = (reference: number) =>
  `The minimum accepted price must not be above the reference public price (${usd(reference)}).`;

/** The prices' rules beyond the "refPublicPrice required number" (docs/monetize.md §Rules and limits) (which validateMonetizeForm reports). */
export function priceErrors(
  form: Pick<MonetizeCampaignRulesInput, 'refPublicPrice' | 'minAcceptedPrice'>,
): FieldErrors {
  const errors: FieldErrors = {};
  const reference = toNumber(form.refPublicPrice);
  if (reference !== undefined && reference < 0) errors.refPublicPrice = REF_PRICE_NEGATIVE;
  if (isBlank(form.minAcceptedPrice)) return errors;
  const minimum = toNumber(form.minAcceptedPrice);
  if (minimum === undefined) errors.minAcceptedPrice = MIN_PRICE_NUMBER;
  else if (minimum < 0) errors.minAcceptedPrice = MIN_PRICE_NEGATIVE;
  else if (reference !== undefined && reference >= 0 && minimum > reference)
    errors.minAcceptedPrice = minPriceAboveReference(reference);
  return errors;
}

/** What each field needs, when it is missing. */
const NEEDS: Readonly<Record<string, string>> = {
  appId: 'Choose the app of this campaign.',
  refPublicPrice: 'Enter the reference public price, in dollars.',
  sendTrafficToApp: 'Choose where to send traffic: all apps or some apps.',
  sendTrafficToAppIds: 'Choose at least one app to send traffic to.',
  countries: 'Choose at least one country.',
  displayQuestTo: 'Choose who sees the quests: all players or players matching conditions.',
  targetConditions: 'Add at least one condition, or display quests to all players.',
  type: 'Choose a type.',
  metric: 'Choose a metric.',
  key: 'Choose a key.',
  dataType: 'Choose a data type.',
  op: 'Choose an operator.',
  event: 'Choose an event.',
  eventId: 'Choose an event.',
  eventParam: 'Choose a parameter of the event.',
  eventSource: "Choose an event from the app's event source.",
  value: 'Enter a value.',
};
/** How a field is named in a sentence. */
const NAMES: Readonly<Record<string, string>> = {
  appId: 'The app',
  refPublicPrice: 'The reference public price',
  minAcceptedPrice: 'The minimum accepted price',
  sendTrafficToApp: 'Send traffic to',
  sendTrafficToAppIds: 'The apps',
  countries: 'The countries',
  displayQuestTo: 'Display quests to',
  targetConditions: 'The conditions',
  type: 'The type',
  metric: 'The metric',
  key: 'The key',
  dataType: 'The data type',
  op: 'The operator',
  event: 'The event',
  eventId: 'The event',
  eventParam: 'The parameter',
  eventSource: 'The event source',
  value: 'The value',
};
/** The value of a condition, by what its data type needs. */
const VALUE_NEEDS: Readonly<Record<string, string>> = {
  [MUST_BE_INTEGER]: 'Enter a whole number, such as 3.',
  [MUST_BE_TIMESTAMP]: 'Enter a date and time.',
  [MUST_BE_STRING]: 'Enter text.',
};

/** One message of a field in words (a message that already is a sentence is kept). */
export function inWords(path: string, message: string): string {
  if (/^[A-Z]/.test(message)) return message;
  const field = path.split('.').pop()!;
  if (message === REQUIRED) return NEEDS[field] ?? `${NAMES[field] ?? 'This field'} is required.`;
  if (field === 'value' && VALUE_NEEDS[message]) return VALUE_NEEDS[message]!;
  if (message === NOT_A_PARAMETER) return 'Choose a parameter of the event.';
  if (field === 'refPublicPrice' && message === MUST_BE_NUMBER)
    return 'The reference public price must be an amount in dollars, such as 1.50.';
  return `${NAMES[field] ?? 'This field'} ${message}.`;
}

/**
 * The campaign's errors in words: docs/monetize.md §Rules and limits, the vocabulary (`paramsOf`: the parameters of a condition's event in the
 * app's event source, when known) and the prices.
 */
export function validateMonetizeCampaign(
  form: MonetizeCampaignRulesInput,
  context: MonetizeValidationContext = {},
  paramsOf: (condition: TargetConditionInput) => Readonly<Record<string, ConditionDataType>> | undefined = () =>
    undefined,
): FieldErrors {
  const errors: FieldErrors = { ...validateMonetizeForm(form, context), ...monetizeChoiceErrors(form, paramsOf) };
  for (const [field, message] of Object.entries(priceErrors(form))) errors[field] ??= message;
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, inWords(path, message)]));
}
