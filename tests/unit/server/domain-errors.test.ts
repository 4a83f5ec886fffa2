/**
 * Domain errors (server/errors.ts) and their HTTP answers (server/http/errors.ts): each kind has its status,
 * the body is `{success:false, message, code, fields}`. (That area logic imports nothing of HTTP is the import
 * checker's rule domain-not-http.)
 */
import { describe, expect, test } from 'vitest';
import {
  conflict,
  DomainError,
  forbidden,
  gone,
  invalid,
  notFound,
  rateLimited,
  timedOut,
  unauthenticated,
  unavailable,
} from '../../../server/errors';
import { httpAnswerOf } from '../../../server/http/errors';

describe('domain error → HTTP answer', () => {
  test.each([
    [
      invalid('name is required', ['name']),
      400,
      { message: 'name is required', code: 'bad_request', fields: ['name'] },
    ],
    [unauthenticated(), 401, { message: 'Please sign in to continue.', code: 'unauthorized' }],
    [unauthenticated('Incorrect email or password.', 'invalid_credentials'), 401, { code: 'invalid_credentials' }],
    [forbidden(), 403, { message: 'You do not have permission to do this.', code: 'access_missing_role_for_action' }],
    [notFound('App'), 404, { message: 'App not found.', code: 'not_found' }],
    [conflict('A workspace needs at least one admin.'), 409, { code: 'conflict' }],
    [conflict('Analyze is off.', 'analyze_not_enabled'), 409, { code: 'analyze_not_enabled' }],
    [gone('This invitation has expired.', 'invite_expired'), 410, { code: 'invite_expired' }],
    [rateLimited('Too many.', 'too_many_attempts'), 429, { code: 'too_many_attempts' }],
    [
      unavailable('Analytics is not available on this server.', 'analytics_unavailable'),
      503,
      { code: 'analytics_unavailable' },
    ],
    [timedOut('The report took too long.', 'report_timeout'), 504, { code: 'report_timeout' }],
  ] as const)('%s → %i', (error, status, body) => {
    expect(error).toBeInstanceOf(DomainError);
    const answer = httpAnswerOf(error);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ success: false, message: error.message, ...body });
  });
});
