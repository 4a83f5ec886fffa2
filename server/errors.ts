/**
 * The errors domain code throws on purpose: a kind (what went wrong, in domain words), the message shown to the
 * user, an optional machine-readable code and the offending fields. The route layer maps kinds to HTTP
 * (server/http/errors.ts); domain code knows nothing of HTTP.
 */
export type DomainErrorKind =
  /** The input breaks a rule (a field is missing, malformed or out of range). */
  | 'invalid'
  /** No valid credentials: no session, or a wrong password. */
  | 'unauthenticated'
  /** The caller may not do this. */
  | 'forbidden'
  | 'not_found'
  /** The state of things refuses it (a duplicate, the last admin, a feature not enabled). */
  | 'conflict'
  /** It existed but can no longer be used (an expired or used invite). */
  | 'gone'
  | 'rate_limited'
  /** A part of the server this needs is not running here. */
  | 'unavailable'
  /** It took too long and was stopped. */
  | 'timeout'
  /** Well-formed, but too large for the engine to answer (a funnel spanning too many events). */
  | 'too_large';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly code?: string,
    readonly fields?: string[],
    /** What failed underneath (logged with an answer >= 500, never sent). */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'DomainError';
  }
}

/** The code of a refusal because the caller's role is too low (docs/accounts.md §Roles). */
export const MISSING_ROLE = 'access_missing_role_for_action';

export const invalid = (message: string, fields?: string[], code = 'bad_request') =>
  new DomainError('invalid', message, code, fields);
export const unauthenticated = (message = 'Please sign in to continue.', code = 'unauthorized') =>
  new DomainError('unauthenticated', message, code);
export const forbidden = (message = 'You do not have permission to do this.', code = MISSING_ROLE) =>
  new DomainError('forbidden', message, code);
export const notFound = (what = 'Resource') => new DomainError('not_found', `${what} not found.`, 'not_found');
export const conflict = (message: string, code = 'conflict') => new DomainError('conflict', message, code);
export const gone = (message: string, code: string) => new DomainError('gone', message, code);
export const rateLimited = (message: string, code: string) => new DomainError('rate_limited', message, code);
export const unavailable = (message: string, code: string, cause?: unknown) =>
  new DomainError('unavailable', message, code, undefined, cause);
export const tooLarge = (message: string, code: string) => new DomainError('too_large', message, code);
export const timedOut = (message: string, code: string, cause?: unknown) =>
  new DomainError('timeout', message, code, undefined, cause);

/** A PostgreSQL unique violation (23505): the race a unique index settles (two creates of the same thing). */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
