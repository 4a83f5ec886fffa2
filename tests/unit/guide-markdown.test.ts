/**
 * The documentation guides' renderer (src/lib/guide-markdown.ts) and the guides themselves (docs/guides): Markdown to
 * HTML with tables, the app's values filled in and HTML-escaped, placeholders without them, and every guide using
 * only known tokens and covering the troubleshooting the health line detects.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GUIDE_PLACEHOLDERS, renderGuide } from '../../src/lib/guide-markdown';
import { GUIDES } from '../../src/contracts/documentation';

const VALUES = {
  appName: 'Dragon <Merge>',
  platform: 'android' as const,
  workspaceName: 'Demo Studio',
  packageName: 'dev.demostudio.dragonmerge',
  appsflyerAppId: 'dev.demostudio.dragonmerge',
  serviceAccountEmail: 'questboard-demo-studio@questboard-sandbox.iam.gserviceaccount.com',
  gcpProject: 'demo-studio-analytics',
  appsflyerPostbackUrl: null,
  adjustPostbackUrl: 'https://questboard.example/postbacks/adjust/a&b',
};

describe('renderGuide', () => {
  it('renders Markdown with GFM tables and fills in the values, escaped', () => {
    const html = renderGuide(
      '# For {{appName}}\n\n| a | b |\n| - | - |\n| `{{packageName}}` | {{adjustPostbackUrl}} |',
      VALUES,
    );
    expect(html).toContain('<h1>For <span class="guide-value">Dragon &lt;Merge&gt;</span></h1>');
    expect(html).toContain('<table>');
    // A table scrolls in its own box on a narrow screen, never the page.
    expect(html).toContain('<div class="guide-table" tabindex="0"><table>');
    expect(html).toContain('<code><span class="guide-value">dev.demostudio.dragonmerge</span></code>');
    expect(html).toContain('https://questboard.example/postbacks/adjust/a&amp;b');
    expect(html).not.toContain('<Merge>');
  });

  it('shows placeholders without values and for a value the app does not have; unknown tokens stay as written', () => {
    expect(renderGuide('{{packageName}} {{nope}}', null)).toBe(
      '<p><span class="guide-placeholder">your package name or bundle ID</span> {{nope}}</p>\n',
    );
    expect(renderGuide('{{appsflyerPostbackUrl}}', VALUES)).toContain(
      `<span class="guide-placeholder">your app&#39;s postback URL`,
    );
  });
});

describe('the guides', () => {
  const read = (slug: string) => readFileSync(new URL(`../../docs/guides/${slug}.md`, import.meta.url), 'utf8');

  it('every guide exists, starts with its heading and uses only known tokens', () => {
    for (const { slug } of GUIDES) {
      const text = read(slug);
      expect(text.startsWith('# '), slug).toBe(true);
      for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g))
        expect(Object.keys(GUIDE_PLACEHOLDERS), `${slug}: ${name}`).toContain(name);
    }
    expect(read('questboard_overview').split('\n')[0]).toBe('# Questboard documentation');
  });

  it('the integration guides cover the roles, the statuses and the health line’s failures', () => {
    expect(read('bigquery_integration')).toMatch(
      /BigQuery Data Viewer[\s\S]*BigQuery Job User[\s\S]*Service Account User[\s\S]*Viewer/,
    );
    expect(read('firebase_integration')).toContain('Firebase Admin **or** Firebase Develop Admin');
    for (const slug of [
      'bigquery_integration',
      'firebase_integration',
      'appsflyer_integration',
      'adjust_integration',
    ]) {
      const text = read(slug);
      expect(text, slug).toContain('## What each status means');
      expect(text, slug).toContain('### No new events for longer than the normal delay');
      expect(text, slug).toContain('### Revenue settings name a parameter the events never carry');
      expect(text, slug).toContain('### Conversion events that never arrived');
    }
    expect(read('bigquery_integration')).toContain('### The credential lacks a role');
    expect(read('bigquery_integration')).toContain('### The processing job failed');
    expect(read('bigquery_integration')).toContain('### The processed range has gaps');
  });
});
