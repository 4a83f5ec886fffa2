/**
 * Pure view rules of the integrations tabs and App Settings: the Connection card's button reads the same status as
 * the Status row (a disconnected plugin is never shown 'Connected'); the App Settings tab bar holds every tab route.
 */
import { describe, expect, it } from 'vitest';
import { connectionButton, statusLook } from '../../src/views/integrations/plugin-view';
import { SETTINGS_TAB_BAR } from '../../src/contracts/app-settings';
import { SETTINGS_TABS } from '../../src/paths';
import type { Plugin } from '../../src/contracts/plugin';

const plugin = (connected: Plugin['connected']): Plugin => ({ id: 'p1', source: 'BigQuery', connected }) as Plugin;

describe('the Connection card button', () => {
  it('says Connected only while the Status row does not say Disconnected', () => {
    for (const status of ['connected', 'waiting_for_events', 'no_data', 'pending'] as const) {
      expect(connectionButton('BigQuery', plugin(status), false)).toMatchObject({ label: 'Connected', action: null });
    }
    expect(statusLook(plugin('disconnected')).label).toBe('Disconnected');
    expect(connectionButton('BigQuery', plugin('disconnected'), false)).toMatchObject({
      label: 'Connect to BigQuery',
      action: 'reconnect',
    });
    expect(connectionButton('Firebase', null, false)).toMatchObject({
      label: 'Connect to Firebase',
      action: 'configure',
    });
    expect(connectionButton('Firebase', plugin('disconnected'), true)).toMatchObject({
      label: 'Connecting...',
      busy: true,
    });
  });
});

describe('the App Settings tab bar', () => {
  it('holds every tab route once, the labelled ones first as SPEC labels them', () => {
    expect(SETTINGS_TAB_BAR.map((t) => t.tab).sort()).toEqual([...SETTINGS_TABS].sort());
    expect(SETTINGS_TAB_BAR.slice(0, 3).map((t) => t.label)).toEqual(['General', 'Details', 'API Keys']);
  });
});
