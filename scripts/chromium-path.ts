/**
 * Where is a Chromium for the end-to-end tests and the bundle budget? A pure finder, safe to import from
 * playwright.config.ts: it only looks, never installs (scripts/ensure-chromium.ts installs when it finds none).
 *
 * Order of preference (docs/engineering/testing.md §Tests):
 *   1. CHROMIUM_PATH from the environment, when that file exists;
 *   2. Debian's chromium-headless-shell at /usr/bin/chromium-headless-shell: the same Blink without the desktop
 *      browser around it, the build Playwright itself runs headless tests on; about a quarter less time and CPU per
 *      e2e test than the full browser here;
 *   3. Debian's chromium at /usr/bin/chromium;
 *   4. Playwright's own download (playwright-core's registry path), when it was installed.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

export type ChromiumSource = 'CHROMIUM_PATH' | 'debian-headless-shell' | 'debian' | 'playwright';

export interface FoundChromium {
  path: string;
  source: ChromiumSource;
}

export interface FinderDeps {
  env: Record<string, string | undefined>;
  /** True when an executable file exists at this path. */
  isExecutable(path: string): boolean;
  /** Where Playwright's own Chromium would be (whether or not it is downloaded); undefined when unknown. */
  playwrightPath(): string | undefined;
}

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The Chromium flags that work on these machines (docs/engineering/testing.md §Tests): the closed network refuses background traffic. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function isExecutableFile(path: string): boolean {
  try {
    if (!fs.statSync(path).isFile()) return false;
    fs.accessSync(path, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function playwrightRegistryPath(): string | undefined {
  try {
    // chromium.executablePath() asks playwright-core's browser registry; it answers even when nothing is downloaded.
    const require = createRequire(import.meta.url);
    const core = require('playwright-core') as { chromium: { executablePath(): string } };
    return core.chromium.executablePath() || undefined;
  } catch {
    return undefined;
  }
}

export const defaultFinderDeps: FinderDeps = {
  env: process.env,
  isExecutable: isExecutableFile,
  playwrightPath: playwrightRegistryPath,
};

/** The first Chromium found in the order of preference, or null when there is none. */
export function findChromium(deps: FinderDeps = defaultFinderDeps): FoundChromium | null {
  const fromEnv = deps.env.CHROMIUM_PATH?.trim();
  if (fromEnv && deps.isExecutable(fromEnv)) return { path: fromEnv, source: 'CHROMIUM_PATH' };
  if (deps.isExecutable(DEBIAN_HEADLESS_SHELL)) return { path: DEBIAN_HEADLESS_SHELL, source: 'debian-headless-shell' };
  if (deps.isExecutable(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, source: 'debian' };
  const own = deps.playwrightPath();
  if (own && deps.isExecutable(own)) return { path: own, source: 'playwright' };
  return null;
}

export type InstallPlan =
  | { kind: 'apt'; commands: string[][] }
  | { kind: 'playwright'; commands: string[][] }
  | { kind: 'refuse'; reason: string };

/**
 * How to install a Chromium when none is found: Debian's package as root with apt-get, else Playwright's download,
 * unless PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD forbids downloading one.
 */
export function installPlan(opts: { isRoot: boolean; hasAptGet: boolean; skipDownload?: boolean }): InstallPlan {
  if (opts.isRoot && opts.hasAptGet) {
    return {
      kind: 'apt',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'chromium-headless-shell'],
      ],
    };
  }
  if (opts.skipDownload) {
    return {
      kind: 'refuse',
      reason:
        "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD is set, so Playwright's Chromium is not downloaded: install Chromium " +
        '(Debian: apt-get install chromium-headless-shell, as root) or point CHROMIUM_PATH at one.',
    };
  }
  return { kind: 'playwright', commands: [['npx', 'playwright', 'install', 'chromium']] };
}

/** PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD as Playwright reads it: set and not "0"/"false"/empty. */
export const skipsBrowserDownload = (env: Record<string, string | undefined>) => {
  const value = env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD?.trim().toLowerCase();
  return !!value && value !== '0' && value !== 'false';
};
