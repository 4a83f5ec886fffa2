/** Errors a route or domain function throws on purpose; the error handler turns them into `{success:false, message, code}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly fields?: string[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const MISSING_ROLE = 'access_missing_role_for_action';

export const badRequest = (message: string, fields?: string[]) => new HttpError(400, message, 'bad_request', fields);
export const unauthorized = () => new HttpError(401, 'Please sign in to continue.', 'unauthorized');
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message, MISSING_ROLE);
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found.`, 'not_found');
export const conflict = (message: string) => new HttpError(409, message, 'conflict');
