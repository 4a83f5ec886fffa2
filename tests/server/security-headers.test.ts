/**
 * docs/architecture.md §7: the page, an SPA route, an asset and the API answer with a Content-Security-Policy, frame protection
 * (frame-ancestors 'none' and X-Frame-Options) and nosniff; the policy allows only what the SPA needs (our origin,
 * the Google Sheets API, the Stately inspector) and never inline or evaluated script.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RUNTIME_META } from '../../src/contracts/runtime-config';
import { createTestServer, type TestServer } from './helpers';

const INDEX = `<!doctype html><html><head><meta name="${RUNTIME_META.googleClientId}" content="" /><title>Questboard</title></head><body><div id="root"></div></body></html>`;
let staticDir: string;
let server: TestServer;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-headers-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log("app")');
  server = await createTestServer({ config: { staticDir, googleClientId: 'abc.apps.googleusercontent.com' } });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

/** The policy as a map of directive → sources. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  test.each([
    ['/', 'the page'],
    ['/workspace/demo-studio/team', 'an SPA route'],
    ['/oauth-callback', 'the Google sign-in callback'],
    ['/assets/app.js', 'an asset'],
    ['/api/health', 'the health check'],
    ['/api/me', 'an API answer (401)'],
    ['/api/nothing-here', 'a 404'],
  ])('%s (%s): CSP, frame protection and nosniff', async (url) => {
    const res = await server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeLessThan(500);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  test('the policy: own-origin scripts only, no inline or eval, and just the outside origins the SPA uses', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://sheets.googleapis.com']);
    expect(csp.get('frame-src')).toEqual(['https://stately.ai']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    for (const sources of csp.values()) {
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('*');
    }
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  test('the runtime configuration still reaches the page, and the OAuth pop-up keeps its opener (no COOP)', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/oauth-callback' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<meta name="${RUNTIME_META.googleClientId}" content="abc.apps.googleusercontent.com" />`,
    );
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
  });
});
