/**
 * The accessibility check of the e2e tier: an axe-core scan (WCAG 2.1 A/AA rules, plus the experimental
 * label-in-name rule `label-content-name-mismatch`, WCAG 2.5.3) of the page as it is now, failing on any serious or
 * critical violation with a readable list (rule, impact, the first offending nodes). Used by every page's journey,
 * wide and at 700 px, once running transitions have ended. `soft: true` records the failure and lets the test go on (tests/e2e/a11y.spec.ts scans many
 * pages per test and reports them all).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const BLOCKING = new Set(['serious', 'critical']);

/**
 * axe-core on the page's own frames (axe's legacy mode: one axe.run in the page). The default mode finishes every
 * scan in a blank page it opens and closes, which doubled each scan's time (docs/engineering/testing.md §Suite time);
 * the app draws no cross-origin frame, the one thing only that mode reaches.
 */
export const axeOn = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/**
 * Waits until no finite CSS transition or animation is running (a dialog fading in, a menu sliding): colours measured
 * mid-fade are blends and would make the contrast check flaky. Endless animations (spinners, skeletons) are ignored.
 */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || (a.effect?.getComputedTiming().endTime ?? 0) === Infinity),
  );
}

export async function expectNoSeriousA11yViolations(
  page: Page,
  where: string,
  { soft = false }: { soft?: boolean } = {},
) {
  await settled(page);
  const result = await axeOn(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const blocking = result.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const described = blocking.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`)
        .join('\n')}`,
  );
  (soft ? expect.soft : expect)(described, `serious or critical axe-core violations on ${where}`).toEqual([]);
}

/** Headings in order (axe's heading-order rule, a best practice the Analyze pages hold to: docs/analyze.md). */
export async function expectHeadingsInOrder(page: Page, where: string, { soft = false }: { soft?: boolean } = {}) {
  const headings = await axeOn(page).withRules(['heading-order']).analyze();
  (soft ? expect.soft : expect)(
    headings.violations.flatMap((v) => v.nodes.map((n) => n.html)),
    `heading order on ${where}`,
  ).toEqual([]);
}

/** The same check at 1280 px and at 700 px (soft), leaving the page at 1280 × 900. */
export async function expectNoSeriousA11yViolationsWideAndNarrow(page: Page, where: string) {
  await expectNoSeriousA11yViolations(page, `${where} (1280 px)`, { soft: true });
  await page.setViewportSize({ width: 700, height: 900 });
  await expectNoSeriousA11yViolations(page, `${where} (700 px)`, { soft: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}
