/**
 * Bundle budget: the gzipped JavaScript a real browser loads for the sign-in page (/continue) and for the apps page
 * (/workspace/<id>/apps, opened fresh by a signed-in user). Each first screen must stay within the target of 110 kB
 * (docs/workspace.md: lighter first screens); 150 kB is the hard budget printed beside it. Both fail the check (1 kB = 1000
 * bytes, as Vite prints).
 *
 * Measured in Chromium, not guessed from the build graph: the script starts the real server on the production build
 * (scripts/e2e-server.ts; run `vite build` first), opens each page in a fresh browser context (empty cache), waits
 * until the network is idle, and gzips (node:zlib, level 9) the body of every JavaScript response it saw: entry,
 * modulepreloads, static imports and the lazy route chunks the router fetched. Prints a table and exits 1 when a page
 * is over its target (or, a fortiori, the budget).
 *
 *   npx tsx scripts/bundle-budget.ts [--url http://127.0.0.1:8080] [--target-kb 110] [--budget-kb 150] [--verbose]
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS, findChromium } from './chromium-path';
import { startServer } from './e2e-server';

const DEMO_WORKSPACE_ID = 'demo-studio';
const SIGN_IN = { email: 'admin@demostudio.dev', password: 'questboard-demo' };

export interface ScriptFile {
  url: string;
  bytes: number;
  gzipBytes: number;
}
export interface PageMeasure {
  name: string;
  path: string;
  files: ScriptFile[];
  gzipBytes: number;
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export interface Limits {
  /** What every first screen must stay within (fails above it). */
  targetBytes: number;
  /** The hard ceiling (fails above it too; printed so the headroom shows). */
  budgetBytes: number;
}
export const DEFAULT_LIMITS: Limits = { targetBytes: 110_000, budgetBytes: 150_000 };

/** Pages over the target (which includes those over the budget). */
export const overLimits = (pages: PageMeasure[], limits: Limits) =>
  pages.filter((p) => p.gzipBytes > Math.min(limits.targetBytes, limits.budgetBytes));

/** The report: one line per page, the largest files indented beneath with --verbose or when a page is over. */
export function formatReport(pages: PageMeasure[], limits: Limits, verbose = false): string {
  const lines: string[] = [];
  for (const page of pages) {
    const over = overLimits([page], limits).length > 0;
    lines.push(
      `${over ? 'OVER' : 'ok  '}  ${page.name.padEnd(10)} ${page.path.padEnd(32)} ${kb(page.gzipBytes).padStart(9)} gzipped JS` +
        ` in ${page.files.length} files (target ${kb(limits.targetBytes)}, budget ${kb(limits.budgetBytes)})`,
    );
    if (verbose || over) {
      for (const file of [...page.files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
        lines.push(`        ${kb(file.gzipBytes).padStart(9)}  ${new URL(file.url).pathname}`);
      }
    }
  }
  return lines.join('\n');
}

function isJavaScript(url: string, contentType: string | undefined): boolean {
  return /\.m?js(\?|$)/.test(new URL(url).pathname) || /javascript/.test(contentType ?? '');
}

/** Records every same-origin JavaScript response of a page while `load` runs. */
async function recordScripts(page: Page, origin: string, load: () => Promise<void>): Promise<ScriptFile[]> {
  const seen = new Map<string, Promise<ScriptFile | null>>();
  page.on('response', (response) => {
    const url = response.url();
    if (!url.startsWith(origin) || seen.has(url)) return;
    if (!isJavaScript(url, response.headers()['content-type'])) return;
    seen.set(
      url,
      response.body().then(
        (body) => ({ url, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  });
  await load();
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(seen.values())).filter((f): f is ScriptFile => f !== null);
  if (files.length === 0) throw new Error(`no JavaScript was loaded by ${page.url()}`);
  return files;
}

async function measure(
  context: BrowserContext,
  origin: string,
  name: string,
  path: string,
  ready: (page: Page) => Promise<void>,
): Promise<PageMeasure> {
  const page = await context.newPage();
  const files = await recordScripts(page, origin, async () => {
    await page.goto(origin + path, { waitUntil: 'load' });
    await ready(page);
  });
  await page.close();
  return { name, path, files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

export async function measurePages(browser: Browser, origin: string): Promise<PageMeasure[]> {
  const results: PageMeasure[] = [];

  // 1. The sign-in page, as a first-time visitor sees it.
  const anonymous = await browser.newContext();
  results.push(
    await measure(anonymous, origin, 'sign-in', '/continue', async (page) => {
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    }),
  );

  // 2. Sign in through the form (whatever the SPA keeps), then open the apps page in a NEW context with that
  //    storage but an empty HTTP cache: the JavaScript of a fresh load of /workspace/<id>/apps.
  const page = await anonymous.newPage();
  await page.goto(`${origin}/continue`);
  await page.getByLabel('Email', { exact: true }).fill(SIGN_IN.email);
  await page.getByLabel('Password', { exact: true }).fill(SIGN_IN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/continue'), { timeout: 15_000 });
  const storageState = await anonymous.storageState();
  await anonymous.close();

  const signedIn = await browser.newContext({ storageState });
  const appsPath = `/workspace/${DEMO_WORKSPACE_ID}/apps`;
  results.push(
    await measure(signedIn, origin, 'apps', appsPath, async (p) => {
      await p.waitForLoadState('networkidle');
      if (!p.url().endsWith(appsPath)) throw new Error(`the apps page redirected to ${p.url()}: not signed in?`);
    }),
  );
  await signedIn.close();
  return results;
}

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<number> {
  const limits: Limits = {
    targetBytes: Number(argValue('--target-kb') ?? DEFAULT_LIMITS.targetBytes / 1000) * 1000,
    budgetBytes: Number(argValue('--budget-kb') ?? DEFAULT_LIMITS.budgetBytes / 1000) * 1000,
  };
  const verbose = process.argv.includes('--verbose');
  const found = findChromium();
  if (!found) {
    console.error('bundle-budget: no Chromium found; run `npx tsx scripts/ensure-chromium.ts`.');
    return 1;
  }
  const given = argValue('--url');
  // The bundles do not depend on the amount of demo data: a small seed starts the server in seconds, not a minute.
  const server = given ? null : await startServer({ quiet: true, demoEvents: 20_000 });
  const origin = (given ?? server!.url).replace(/\/$/, '');
  const browser = await chromium.launch({ executablePath: found.path, args: [...CHROMIUM_ARGS] });
  try {
    const pages = await measurePages(browser, origin);
    console.log(formatReport(pages, limits, verbose));
    const over = overLimits(pages, limits);
    if (over.length) {
      const describe = (p: PageMeasure) =>
        `${p.name} (${kb(p.gzipBytes)}, ${p.gzipBytes > limits.budgetBytes ? `over the ${kb(limits.budgetBytes)} budget` : `over the ${kb(limits.targetBytes)} target`})`;
      console.error(`bundle-budget: ${over.map(describe).join(', ')} of gzipped JavaScript.`);
      return 1;
    }
    return 0;
  } finally {
    await browser.close();
    await server?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(`bundle-budget: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
