/**
 * What a failed call means and which words to show for it, written once for every machine (docs/architecture.md §House rules 3).
 *
 * Machines import no service, so an ApiError (src/services/http.ts) is read structurally: `name === 'ApiError'`,
 * a numeric `status` (0 when the server was not reached) and the `code` of the server's error body.
 *
 * The rule for words (docs/architecture.md §Endpoints and errors): a failure shows the product's own words (docs/<area>.md §Messages). The server's words are shown only where a flow
 * lets the server speak (the invite dialog's red message, the sign-in and join forms), and even there only when the
 * server chose them on purpose: an error body with a `code` other than `internal` (a refusal such as 409
 * 'conflict', or a report timeout). A crash ('Something went wrong…'), a proxy's error page ('Request failed (502).')
 * or an answer that breaks the contract never reaches the user in raw form.
 */

export interface ApiFailure {
  /** HTTP status; 0 when the server could not be reached. */
  status: number;
  code: string | null;
  message: string;
  /** The request fields the refusal names (a 400's `fields`); empty when it names none. */
  fields: string[];
}

/** Status, code and message of an ApiError; null for anything else (a ContractError, a TypeError, an abort). */
export function apiFailure(error: unknown): ApiFailure | null {
  if (!(error instanceof Error) || error.name !== 'ApiError') return null;
  const { status, code, fields } = error as Error & { status?: unknown; code?: unknown; fields?: unknown };
  if (typeof status !== 'number') return null;
  const named = Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [];
  return { status, code: typeof code === 'string' ? code : null, message: error.message, fields: named };
}

/**
 * The call failed with this HTTP status (401: a token was refused; 404, 410, 413 …), read from any error that carries
 * one: an ApiError, or a GoogleApiError of the Sheets export.
 */
export const hasStatus = (error: unknown, status: number) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === status;

/** The server's own words for a failure, when it chose them on purpose (see the header); else null. */
export function serverWords(error: unknown): string | null {
  const failure = apiFailure(error);
  if (!failure || failure.status < 400 || !failure.code || failure.code === 'internal' || !failure.message) return null;
  return failure.message;
}

/** The client's own 'Cannot reach Questboard…' when the server was not reached; else null. */
export function networkWords(error: unknown): string | null {
  const failure = apiFailure(error);
  return failure && failure.status === 0 && failure.message ? failure.message : null;
}

/**
 * A 400 that names the form's fields: the server's message for each field it names, keyed by the form's own field
 * names (`formField` maps a request field such as "data.website" or "image" to the form's "website" or "icon"; a field
 * it does not map is left out). Empty for any other failure, so the form keeps only its title.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  formField: (requestField: string) => F | null,
): Partial<Record<F, string>> {
  const failure = apiFailure(error);
  const errors: Partial<Record<F, string>> = {};
  if (!failure || failure.status !== 400 || !serverWords(error)) return errors;
  for (const field of failure.fields) {
    const name = formField(field);
    if (name) errors[name] = failure.message;
  }
  return errors;
}
