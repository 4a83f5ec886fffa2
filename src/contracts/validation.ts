/**
 * Form-validation building blocks shared by the docs/architecture.md §Endpoints and errors validators (acquire target, monetize, revenue settings,
 * AppsFlyer and Adjust forms) and refinement codecs that fail with a readable message.
 *
 * Validators return `FieldErrors`: a flat record from a field path (dotted, array indexes included, e.g.
 * `targetConditions.0.eventId`) to one message; an empty record means valid. Where docs/architecture.md §Endpoints and errors gives a message it is used
 * verbatim at the call site. Where docs/<area>.md says a field is "required" without showing the text, we reuse the one required
 * message the docs do show (`'required'`, the AppsFlyer advertising-id rule); the other generic messages below are ours.
 * Pure: imports only io-ts and fp-ts.
 */
import * as t from 'io-ts';
import { chain } from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';

export type FieldErrors = Record<string, string>;

/** docs/architecture.md §Endpoints and errors (AppsFlyer test advertising id) wording, reused wherever the docs say only "required". */
export const REQUIRED = 'required';
/** Ours: docs/architecture.md §Endpoints and errors does not show these texts. */
export const MUST_BE_NUMBER = 'must be a number';
export const MUST_BE_INTEGER = 'must be an integer';
export const MUST_BE_STRING = 'must be a string';
export const MUST_BE_TIMESTAMP = 'must be a valid timestamp';
export const MUST_BE_URL = 'must be a valid URL';
export const mustBeOneOf = (values: readonly string[]) => `must be one of: ${values.join(', ')}`;

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** Missing, null, or a string of only whitespace. */
export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A finite number, or a non-blank string that parses as one (form inputs hold strings); otherwise undefined. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** 'required' when blank, 'must be a number' when not numeric, else null. */
export function requiredNumber(value: unknown): string | null {
  if (isBlank(value)) return REQUIRED;
  return toNumber(value) === undefined ? MUST_BE_NUMBER : null;
}

/** 'required' when blank, 'must be an integer' when not a whole number, else null. */
export function requiredInteger(value: unknown): string | null {
  if (isBlank(value)) return REQUIRED;
  const parsed = toNumber(value);
  return parsed === undefined || !Number.isInteger(parsed) ? MUST_BE_INTEGER : null;
}

/** 'required' when blank, 'must be a string' when not a string, else null. */
export function requiredString(value: unknown): string | null {
  if (isBlank(value)) return REQUIRED;
  return typeof value === 'string' ? null : MUST_BE_STRING;
}

/** Absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * A codec that narrows `base` by a predicate and, when it fails, reports `message` (so DecodeError names the field
 * and says why). Unbranded: the static type stays the base type, so literals type-check without a cast.
 */
export function refine<C extends t.Any>(
  base: C,
  predicate: (value: t.TypeOf<C>) => boolean,
  name: string,
  message: string,
): t.Type<t.TypeOf<C>, t.OutputOf<C>, unknown> & { readonly base: C } {
  const refined = new t.Type<t.TypeOf<C>, t.OutputOf<C>, unknown>(
    name,
    (u): u is t.TypeOf<C> => base.is(u) && predicate(u),
    (u, c) =>
      pipe(
        base.validate(u, c),
        chain((value) => (predicate(value) ? t.success(value) : t.failure(u, c, message))),
      ),
    (a) => base.encode(a),
  );
  // The codec it narrows, for code that walks a contract's codecs (the bounded-number check of request codecs).
  return Object.assign(refined, { base });
}

/** A whole number (unbranded, unlike t.Int). */
export const Integer = refine(t.number, Number.isInteger, 'Integer', MUST_BE_INTEGER);

/** An array of at most `max` items. */
export const maxItems = <C extends t.Mixed>(item: C, max: number, name: string) =>
  refine(t.array(item), (items) => items.length <= max, name, `must have at most ${max} items`);
