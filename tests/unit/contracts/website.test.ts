/**
 * The shared website normaliser (src/contracts/workspace.ts `normaliseWebsite`), used by the workspace forms and by
 * the server: what is stored for what was typed, and what is refused with which words (docs/decisions.md).
 */
import { describe, expect, test } from 'vitest';
import {
  normaliseWebsite,
  validateWorkspaceForm,
  WEBSITE_INVALID,
  WEBSITE_REQUIRED,
  WEBSITE_SPACES,
  websiteSchemeRefused,
} from '../../../src/contracts/workspace';

describe('normaliseWebsite', () => {
  test.each([
    ['demostudio.dev', 'https://demostudio.dev'],
    ['  demostudio.dev  ', 'https://demostudio.dev'],
    ['//demostudio.dev', 'https://demostudio.dev'],
    ['https:////demostudio.dev', 'https://demostudio.dev'],
    ['http://plain.dev', 'https://plain.dev'],
    ['HTTP://Upper.dev/', 'https://upper.dev'],
    ['https://secure.dev/path', 'https://secure.dev/path'],
    ['studio.dev:8080/games?ref=qb#top', 'https://studio.dev:8080/games?ref=qb#top'],
    ['https://bücher.de', 'https://xn--bcher-kva.de'],
  ])('%s is stored as %s', (typed, stored) => {
    expect(normaliseWebsite(typed)).toEqual({ ok: true, value: stored });
    // Normalising the stored value changes nothing (the form shows it, a later save sends it back).
    expect(normaliseWebsite(stored)).toEqual({ ok: true, value: stored });
  });

  test.each([
    ['', WEBSITE_REQUIRED],
    ['   ', WEBSITE_REQUIRED],
    ['ftp://x.com', websiteSchemeRefused('ftp')],
    ['FTP://files.demostudio.dev', websiteSchemeRefused('ftp')],
    ['mailto:hello@demostudio.dev', websiteSchemeRefused('mailto')],
    ['javascript:alert(1)', websiteSchemeRefused('javascript')],
    ['demo studio.dev', WEBSITE_SPACES],
    ['demostudio.dev/our games', WEBSITE_SPACES],
    ['localhost', WEBSITE_INVALID],
    ['localhost:3000', WEBSITE_INVALID],
    ['user:secret@demostudio.dev', WEBSITE_INVALID],
    ['demostudio..dev', WEBSITE_INVALID],
    ['https://', WEBSITE_INVALID],
    [`demostudio.dev/${'x'.repeat(2048)}`, 'Website must be at most 2048 characters.'],
  ])('%j is refused: %s', (typed, message) => {
    expect(normaliseWebsite(typed)).toEqual({ ok: false, message });
  });

  test('the form shows the same words under the field', () => {
    expect(validateWorkspaceForm({ name: 'Demo Studio', website: 'ftp://x.com', icon: null })).toEqual({
      website: websiteSchemeRefused('ftp'),
    });
    expect(validateWorkspaceForm({ name: 'Demo Studio', website: '//demostudio.dev', icon: null })).toEqual({});
  });
});
