/**
 * The SPA's HTTP client (src/services/http.ts) with fetch and local storage stubbed: the stored token goes in the
 * Authorization header unless the call says otherwise, answers are decoded, errors become ApiError with the
 * server's words, and only a refusal of the current session's token tells the session machine to sign out.
 * call(endpoint, …) builds the request from a contract endpoint: method, filled path, query, JSON body or the
 * multipart form of its declared parts.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import * as t from 'io-ts';
import { ApiError, call, ContractError, onUnauthorized, request } from '../../../src/services/http';
import { setToken } from '../../../src/services/token';
import { binary, endpoint, multipart } from '../../../src/contracts/endpoint';
import { struct } from '../../../src/contracts/codecs';

const calls: { url: string; method?: string; headers: Record<string, string>; body?: BodyInit | null }[] = [];
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method, headers: init.headers as Record<string, string>, body: init.body });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
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
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(request(Ok, '/api/a')).rejects.toMatchObject({
      status: 0,
      message: 'Cannot reach Questboard. Check your connection and try again.',
    });
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

describe('call(endpoint, …)', () => {
  const Params = struct({ workspaceId: t.string });
  const rename = endpoint({
    method: 'PATCH',
    path: '/api/workspace/:workspaceId/name',
    params: Params,
    body: struct({ name: t.string }),
    response: Ok,
  });
  const find = endpoint({
    method: 'GET',
    path: '/api/find/:workspaceId',
    params: Params,
    query: struct({ q: t.string }),
    response: Ok,
  });
  const upload = endpoint({
    method: 'POST',
    path: '/api/upload',
    body: multipart({ json: { data: struct({ name: t.string }) }, text: { note: t.string }, files: ['image'] }),
    response: Ok,
  });
  const file = endpoint({ method: 'GET', path: '/api/file/:workspaceId', params: Params, response: binary });

  test('method, the path filled with encoded params, and a JSON body; the answer decoded', async () => {
    setToken('current');
    answer(200, { ok: true, extra: 'ignored' });
    await expect(call(rename, { params: { workspaceId: 'a b/c' }, body: { name: 'Moon' } })).resolves.toEqual({
      ok: true,
      extra: 'ignored',
    });
    expect(calls).toEqual([
      {
        url: '/api/workspace/a%20b%2Fc/name',
        method: 'PATCH',
        headers: { accept: 'application/json', authorization: 'Bearer current', 'content-type': 'application/json' },
        body: '{"name":"Moon"}',
      },
    ]);
  });

  test('the query, and no token when auth is false', async () => {
    setToken('current');
    answer(200, { ok: true });
    await call(find, { params: { workspaceId: 'w' }, query: { q: 'x&y' }, auth: false });
    expect(calls[0]).toMatchObject({ url: '/api/find/w?q=x%26y', method: 'GET' });
    expect(calls[0]!.headers.authorization).toBeUndefined();
  });

  test('a multipart body: JSON parts as JSON, text parts, and file parts only when given', async () => {
    answer(200, { ok: true });
    const image = new File([new Uint8Array([1, 2, 3])], 'icon.png', { type: 'image/png' });
    await call(upload, { form: { data: { name: 'Moon' }, note: 'hi', image } });
    await call(upload, { form: { data: { name: 'Sun' }, note: 'ho', image: null } });
    const [withImage, without] = calls.map((c) => c.body as FormData);
    expect(calls[0]!.headers['content-type']).toBeUndefined(); // the browser sets the multipart boundary
    expect(withImage!.get('data')).toBe('{"name":"Moon"}');
    expect(withImage!.get('note')).toBe('hi');
    expect((withImage!.get('image') as File).name).toBe('icon.png');
    expect(without!.get('data')).toBe('{"name":"Sun"}');
    expect(without!.has('image')).toBe(false);
  });

  test('an answer that breaks the response codec is a ContractError naming the path', async () => {
    answer(200, { ok: 'yes' });
    await expect(call(find, { params: { workspaceId: 'w' }, query: { q: 'x' } })).rejects.toThrow(
      /\/api\/find\/w\?q=x/,
    );
  });

  test('a binary endpoint cannot be called (it is linked to)', () => {
    expect(() => call(file as never, { params: { workspaceId: 'w' } } as never)).toThrow(/answers bytes/);
  });
});
