/**
 * The SPA's HTTP client (src/services/http.ts) with fetch and local storage stubbed: the stored token goes in the
 * Authorization header unless the call says otherwise, answers are decoded, errors become ApiError with the
 * server's words, and only a refusal of the current session's token tells the session machine to sign out.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import * as t from 'io-ts';
import { ApiError, ContractError, NETWORK_ERROR, onUnauthorized, request } from '../../../src/services/http';
import { setToken } from '../../../src/services/token';

const calls: { url: string; headers: Record<string, string> }[] = [];
function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }));
}

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  calls.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

const Ok = t.type({ ok: t.boolean });

describe('request', () => {
  test('sends the stored token, or the given one, or none when auth is false', async () => {
    setToken('current');
    answer(200, { ok: true });
    await request(Ok, '/api/a');
    await request(Ok, '/api/b', { token: 'replaced' });
    await request(Ok, '/analytics/result/x', { auth: false });
    expect(calls.map((c) => c.headers.authorization)).toEqual(['Bearer current', 'Bearer replaced', undefined]);
  });

  test('decodes the answer; a wrong shape is a ContractError naming the path', async () => {
    answer(200, { ok: 'yes' });
    await expect(request(Ok, '/api/a')).rejects.toBeInstanceOf(ContractError);
    await expect(request(Ok, '/api/a')).rejects.toThrow(/\/api\/a/);
  });

  test("an error answer is an ApiError with the server's message and code", async () => {
    answer(409, { success: false, message: 'Analyze is not enabled.', code: 'analyze_not_enabled' });
    const error = await request(Ok, '/api/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Analyze is not enabled.', code: 'analyze_not_enabled' });
  });

  test('no answer at all is a network ApiError in words', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(request(Ok, '/api/a')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR });
  });

  test('a 401 for the current token tells the session; a 401 for a replaced token does not', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    try {
      setToken('current');
      answer(401, { success: false, message: 'Sign in to continue.', code: 'unauthorized' });
      await request(Ok, '/api/auth/sign-out', { token: 'replaced' }).catch(() => {});
      expect(listener).not.toHaveBeenCalled();
      await request(Ok, '/api/me').catch(() => {});
      expect(listener).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });
});
