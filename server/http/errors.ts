/**
 * Domain errors → HTTP answers: the status of each kind, and the error body every 4xx/5xx carries
 * (`{success:false, message, code, fields}`, no stack trace). Used by the error handler in server/app.ts.
 */
import type { DomainError, DomainErrorKind } from '../errors';

export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  rate_limited: 429,
  unavailable: 503,
  timeout: 504,
  too_large: 422,
};

export interface ErrorAnswer {
  status: number;
  body: { success: false; message: string; code?: string; fields?: string[] };
}

export function httpAnswerOf(error: DomainError): ErrorAnswer {
  return {
    status: STATUS_OF_KIND[error.kind],
    body: { success: false, message: error.message, code: error.code, fields: error.fields },
  };
}
