/**
 * Makes sure a Chromium exists for the end-to-end tests and the bundle budget (`npm test` needs nothing else on a
 * fresh machine). Looks in the order of scripts/chromium-path.ts; when none is found it installs one and says so:
 * Debian's `chromium-headless-shell` package when running as root with apt-get, otherwise Playwright's own download.
 * Prints the path it settled on; exits non-zero when it could not get one.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { findChromium, installPlan, skipsBrowserDownload, type FoundChromium } from './chromium-path';

function hasAptGet(): boolean {
  return ['/usr/bin/apt-get', '/bin/apt-get'].some((p) => fs.existsSync(p));
}

function run(command: string[]): void {
  console.log(`$ ${command.join(' ')}`);
  const result = spawnSync(command[0]!, command.slice(1), {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command.join(' ')} exited with ${result.status ?? result.signal}`);
}

export function ensureChromium(): FoundChromium {
  const wanted = process.env.CHROMIUM_PATH?.trim();
  const found = findChromium();
  if (wanted && found?.source !== 'CHROMIUM_PATH') {
    console.warn(`CHROMIUM_PATH=${wanted} is not an executable file; looking elsewhere.`);
  }
  if (found) {
    console.log(`Chromium: ${found.path} (${found.source})`);
    return found;
  }
  const plan = installPlan({
    isRoot: process.getuid?.() === 0,
    hasAptGet: hasAptGet(),
    skipDownload: skipsBrowserDownload(process.env),
  });
  const none =
    "No Chromium found (CHROMIUM_PATH, /usr/bin/chromium-headless-shell, /usr/bin/chromium, Playwright's own)";
  if (plan.kind === 'refuse') throw new Error(`${none}. ${plan.reason}`);
  console.log(
    plan.kind === 'apt'
      ? `${none}: installing Debian's chromium-headless-shell package with apt-get.`
      : `${none}: installing Playwright's Chromium with \`npx playwright install chromium\`.`,
  );
  for (const command of plan.commands) run(command);
  const installed = findChromium();
  if (!installed) throw new Error('Installed a Chromium but still cannot find it.');
  console.log(`Chromium installed: ${installed.path} (${installed.source})`);
  return installed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    ensureChromium();
  } catch (error) {
    console.error(`ensure-chromium: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
