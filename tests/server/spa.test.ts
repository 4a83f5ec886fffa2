/**
 * Serving the built SPA from the API server: deep links get index.html with the runtime configuration filled in
 * (the Google client id), a missing asset or API path is a 404 (never index.html), and assets are served as files.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RUNTIME_META } from '../../src/contracts/runtime-config';
import { createTestServer, type TestServer } from './helpers';

const INDEX = `<!doctype html><html><head><meta name="${RUNTIME_META.googleClientId}" content="" /><title>Questboard</title></head><body><div id="root"></div></body></html>`;
let staticDir: string;
const servers: TestServer[] = [];

beforeAll(() => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-spa-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log("app")');
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  fs.rmSync(staticDir, { recursive: true, force: true });
});

async function serve(googleClientId?: string) {
  const server = await createTestServer({ config: { staticDir, googleClientId } });
  servers.push(server);
  return server.app;
}

const metaOf = (html: string) =>
  new RegExp(`<meta name="${RUNTIME_META.googleClientId}" content="([^"]*)"`).exec(html)?.[1];

describe('the SPA from the API server', () => {
  test('deep links and / answer index.html with the configured Google client id, HTML-escaped', async () => {
    const app = await serve('1234-abc.apps.googleusercontent.com" onload="x');
    for (const url of ['/', '/workspace/demo-studio/team', '/continue?next=%2Fworkspace%2Fhome', '/index.html']) {
      const res = await app.inject({ method: 'GET', url });
      if (url === '/index.html') {
        expect(res.statusCode, url).toBe(404); // the raw file (without configuration) is never served
        continue;
      }
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(metaOf(res.body), url).toBe('1234-abc.apps.googleusercontent.com&quot; onload=&quot;x');
    }
  });

  test('without a client id the meta tag stays empty (the Google Sheets item is then disabled)', async () => {
    const app = await serve(undefined);
    expect(metaOf((await app.inject({ method: 'GET', url: '/workspace/home' })).body)).toBe('');
  });

  test('assets are files; a missing asset or API path is a JSON 404, not index.html', async () => {
    const app = await serve('id');
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    for (const url of ['/assets/missing.js', '/api/nothing-here', '/analytics/nothing-here']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'not_found' });
    }
  });

  test('a rebuild while the server runs is served at once: new assets and the new index.html', async () => {
    const app = await serve('id');
    fs.writeFileSync(path.join(staticDir, 'assets', 'app-2.js'), 'console.log("new build")');
    const newIndex = INDEX.replace(
      '<title>Questboard</title>',
      '<title>Questboard</title><script src="/assets/app-2.js"></script>',
    );
    fs.writeFileSync(path.join(staticDir, 'index.html'), newIndex);
    fs.utimesSync(path.join(staticDir, 'index.html'), new Date(), new Date(Date.now() + 5_000)); // a distinct mtime
    try {
      expect((await app.inject({ method: 'GET', url: '/assets/app-2.js' })).body).toBe('console.log("new build")');
      const page = await app.inject({ method: 'GET', url: '/workspace/home' });
      expect(page.body).toContain('/assets/app-2.js');
      expect(metaOf(page.body)).toBe('id');
    } finally {
      fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
    }
  });

  test('while dist/ is rebuilt under the running server (index.html deleted, then half written) the page is still served', async () => {
    const app = await serve('id');
    const file = path.join(staticDir, 'index.html');
    const page = async () => {
      const res = await app.inject({ method: 'GET', url: '/workspace/home' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      return res.body;
    };
    const before = await page();
    try {
      fs.rmSync(file);
      expect(await page()).toBe(before);
      fs.writeFileSync(file, INDEX.slice(0, 60)); // the build is still writing it
      expect(await page()).toBe(before);
      const next = INDEX.replace('<title>Questboard</title>', '<title>Questboard 2</title>');
      fs.writeFileSync(file, next);
      fs.utimesSync(file, new Date(), new Date(Date.now() + 10_000));
      expect(await page()).toContain('<title>Questboard 2</title>');
    } finally {
      fs.writeFileSync(file, INDEX);
    }
  });
});
