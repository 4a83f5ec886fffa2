/** The Singular tab's e-mail (src/views/integrations/singular.ts): addresses, subject and body for the app, encoded. */
import { describe, expect, it } from 'vitest';
import { singularMailto } from '../../src/views/integrations/singular';

describe('Singular mailto', () => {
  it("goes to Singular's success team with the integrations address in CC, subject and body for the app", () => {
    const link = new URL(
      singularMailto({
        id: 'word-garden-ios',
        appName: 'Word Garden & Co',
        platform: 'ios',
        workspaceName: 'Demo Studio',
        storeId: '1600000002',
      }),
    );
    expect(link.protocol).toBe('mailto:');
    expect(link.pathname).toBe('support@singular.net');
    expect(link.searchParams.get('cc')).toBe('integrations@questboard.io');
    expect(link.searchParams.get('subject')).toBe('Integration request: Word Garden & Co (iOS) with Questboard');
    const body = link.searchParams.get('body')!;
    expect(body).toContain(
      'Game: Word Garden & Co\nPlatform: iOS\nStore id: 1600000002\nQuestboard app id: word-garden-ios\nPublisher: Demo Studio',
    );
    expect(singularMailto({ id: 'a', appName: 'A', platform: 'android' })).not.toMatch(/[ \n]/);
  });
});
