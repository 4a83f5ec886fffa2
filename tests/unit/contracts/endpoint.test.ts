/**
 * src/contracts/endpoint.ts: declaring an endpoint (path params need a params codec), filling a path
 * (encodeURIComponent), a url with its query, matching a concrete path back to its params, and multipart parts.
 */
import { describe, expect, test } from 'vitest';
import * as t from 'io-ts';
import { struct, SuccessMessage } from '../../../src/contracts/codecs';
import {
  binary,
  endpoint,
  isBinary,
  isEndpoint,
  isMultipart,
  matchPath,
  multipart,
  paramNames,
  pathOf,
  urlOf,
} from '../../../src/contracts/endpoint';

const Params = struct({ workspaceId: t.string, email: t.string });
const member = endpoint({
  method: 'GET',
  path: '/api/workspace/:workspaceId/member/:email',
  params: Params,
  response: SuccessMessage,
});
const search = endpoint({
  method: 'GET',
  path: '/api/search',
  query: struct({ q: t.string }, { page: t.string }),
  response: SuccessMessage,
});

describe('endpoint()', () => {
  test('keeps what was declared, and is recognised as an endpoint (a look-alike object is not)', () => {
    expect(member).toMatchObject({ method: 'GET', path: '/api/workspace/:workspaceId/member/:email', params: Params });
    expect(isEndpoint(member)).toBe(true);
    expect(isEndpoint({ ...member })).toBe(false);
    expect(Object.isFrozen(member)).toBe(true);
  });

  test('refuses a path without a leading slash, and path params without a params codec', () => {
    expect(() => endpoint({ method: 'GET', path: 'api/x', response: SuccessMessage })).toThrow(/must start with '\/'/);
    // @ts-expect-error the type rule catches it too: a path with :params needs a params codec
    expect(() => endpoint({ method: 'GET', path: '/api/x/:id', response: SuccessMessage })).toThrow(
      /needs a params codec/,
    );
  });

  test('paramNames lists the :name segments in order', () => {
    expect(paramNames(member.path)).toEqual(['workspaceId', 'email']);
    expect(paramNames('/api/health')).toEqual([]);
  });
});

describe('urls', () => {
  test('pathOf fills each :name with encodeURIComponent', () => {
    expect(pathOf(member, { workspaceId: 'demo studio', email: 'a/b@x.dev' })).toBe(
      '/api/workspace/demo%20studio/member/a%2Fb%40x.dev',
    );
  });

  test('pathOf refuses a missing value', () => {
    expect(() => pathOf(member, { workspaceId: 'w' } as never)).toThrow(/:email/);
  });

  test('urlOf appends the query (undefined values left out), encoded', () => {
    expect(urlOf(search, undefined, { q: 'a&b=c', page: undefined })).toBe('/api/search?q=a%26b%3Dc');
    expect(urlOf(search, undefined)).toBe('/api/search');
  });

  test('matchPath reads a concrete path back into its decoded params; other paths do not match', () => {
    expect(matchPath(member, '/api/workspace/demo%20studio/member/a%2Fb%40x.dev')).toEqual({
      workspaceId: 'demo studio',
      email: 'a/b@x.dev',
    });
    expect(matchPath(member, '/api/workspace/w/member')).toBeNull();
    expect(matchPath(member, '/api/workspace/w/member/e/extra')).toBeNull();
    expect(matchPath(member, '/api/workspace/w/member/%E0%A4%A')).toBeNull();
    expect(matchPath(search, '/api/search')).toEqual({});
  });
});

describe('bodies and answers', () => {
  test('multipart declares JSON, text and file parts; binary marks a non-JSON answer', () => {
    const form = multipart({ json: { data: struct({ name: t.string }) }, text: { note: t.string }, files: ['image'] });
    expect(isMultipart(form)).toBe(true);
    expect(Object.keys(form.json)).toEqual(['data']);
    expect(Object.keys(form.text)).toEqual(['note']);
    expect(form.files).toEqual(['image']);
    expect(isMultipart(SuccessMessage)).toBe(false);
    expect(isBinary(binary)).toBe(true);
    expect(isBinary(SuccessMessage)).toBe(false);
  });
});
