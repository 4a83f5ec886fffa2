import { describe, expect, it } from 'vitest';
import { decodeOrThrow } from '../../../src/contracts/codecs';
import { MonetizeMetadata } from '../../../src/contracts/plugin';
import {
  AdjustEventRow,
  AdjustEventRows,
  AppsFlyerTestLinkParams,
  CheckPluginStatusResponse,
  GetPluginResponse,
  PluginFailure,
  PluginParams,
  RevenueSettings,
  RevenueSettingsParams,
  SuccessResponse,
  UpdateDeeplinkRequest,
  UpdatePluginRequest,
  ADJUST_INVALID_TOOLTIP,
  ADJUST_MESSAGES,
  APPSFLYER_CLICK_LOOKBACK,
  APPSFLYER_REENGAGEMENT_WINDOW,
  APPSFLYER_STATUS_FAILED,
  CREDENTIAL_TYPES,
  CSV_ONLY_HINT,
  EVENTS_DOWNLOAD_FILENAME,
  EVENTS_UPLOAD_ACCEPT,
  FEATURES_UNLOCKED,
  INTEGRATION_CAPABILITIES,
  INTEGRATION_SNACKBAR_MS,
  PLUGIN_TYPES,
  QR_CODE_ERROR_CORRECTION_LEVEL,
  QR_CODE_SIZE,
  REVENUE_SETTINGS_MESSAGES,
  REVENUE_TYPE_LABELS,
  SUPPORTED_CAPABILITIES,
  adjustConnectTooltip,
  advertisingIdError,
  appsFlyerAppPath,
  appsFlyerTestLink,
  appsFlyerTestLinkParams,
  canConnectAdjust,
  canGenerateTestLink,
  eventsFileError,
  isNowConnected,
  isPluginFailure,
  partnerLinkError,
  targetProjectNameError,
  validateAdjustConnect,
  validateRevenueSettings,
} from '../../../src/contracts/integrations';
import * as fx from '../../fixtures/integrations';
import { codecSuite, decodeMessages } from './codec-harness';

codecSuite([
  {
    name: 'GetPluginResponse (plugin data)',
    codec: GetPluginResponse,
    fixture: fx.bigQueryPlugin,
    required: ['id', 'source', 'connected'],
    nested: ['attributes', 'dataRange'],
  },
  { name: 'GetPluginResponse (failure)', codec: GetPluginResponse, fixture: fx.pluginFailure, required: ['reason'] },
  { name: 'PluginFailure', codec: PluginFailure, fixture: fx.pluginFailure, required: ['success', 'reason'] },
  {
    name: 'UpdatePluginRequest',
    codec: UpdatePluginRequest,
    fixture: fx.updatePluginRequest,
    required: ['attributes', 'credentialId'],
    nested: ['attributes'],
  },
  { name: 'SuccessResponse', codec: SuccessResponse, fixture: { success: true }, required: ['success'] },
  {
    name: 'RevenueSettings',
    codec: RevenueSettings,
    fixture: fx.revenueSettings,
    required: ['revenueEp', 'revenueType', 'currencyEp'],
  },
  {
    name: 'RevenueSettingsParams',
    codec: RevenueSettingsParams,
    fixture: { appId: 'app_1', eventId: 'ev_1' },
    required: ['appId', 'eventId'],
  },
  {
    name: 'CheckPluginStatusResponse',
    codec: CheckPluginStatusResponse,
    fixture: fx.connectedStatus,
    required: ['success', 'plugin.connected'],
    nested: ['plugin'],
  },
  {
    name: 'UpdateDeeplinkRequest',
    codec: UpdateDeeplinkRequest,
    fixture: fx.updateDeeplinkRequest,
    required: ['deeplinkId', 'deeplink', 'deeplink.url', 'deeplink.platform'],
    nested: ['deeplink'],
  },
  { name: 'PluginParams', codec: PluginParams, fixture: { pluginId: 'plugin_1' }, required: ['pluginId'] },
  { name: 'AdjustEventRow', codec: AdjustEventRow, fixture: fx.adjustRow, required: ['event_token', 'event_name'] },
  {
    name: 'AppsFlyerTestLinkParams',
    codec: AppsFlyerTestLinkParams,
    fixture: fx.appsFlyerParams,
    required: [
      'af_siteid',
      'c',
      'pid',
      'af_click_lookback',
      'af_dp',
      'af_sub1',
      'af_sub2',
      'af_sub3',
      'af_reengagement_window',
      'is_retargeting',
    ],
  },
]);

describe('plugin calls (docs/integrations.md §API endpoints)', () => {
  it('tells the failure answer of GET /plugins/{pluginId} from plugin data', () => {
    expect(isPluginFailure(decodeOrThrow(GetPluginResponse, { success: false, reason: 'Network Error' }))).toBe(true);
    expect(isPluginFailure(decodeOrThrow(GetPluginResponse, Plugin()))).toBe(false);
    expect(decodeMessages(PluginFailure, { success: true, reason: 'x' })).toEqual(['success must be false']);
  });
  it('keeps the update body exactly {attributes:{targetProject, targetProjectName}, credentialId}', () => {
    expect(UpdatePluginRequest.encode(fx.updatePluginRequest)).toEqual({
      attributes: { targetProject: 'gem-quest-prod', targetProjectName: 'questboard_results' },
      credentialId: 'cred_1',
    });
    const withoutWriteBack = decodeOrThrow(UpdatePluginRequest, { attributes: {}, credentialId: 'cred_2' });
    expect(withoutWriteBack).toEqual({ attributes: {}, credentialId: 'cred_2' });
  });
  it('reloads after Check Status only when the answer succeeded and the plugin is connected (docs/integrations.md §Plugin states)', () => {
    expect(isNowConnected(fx.connectedStatus)).toBe(true);
    expect(isNowConnected({ success: true, plugin: { connected: 'waiting_for_events' } })).toBe(false);
    expect(isNowConnected({ success: false, plugin: { connected: 'connected' } })).toBe(false);
    expect(isNowConnected({ success: true })).toBe(false);
  });
  it('requires a GCP project name only when writing results back (docs/integrations.md §Rules and limits)', () => {
    expect(targetProjectNameError(true, '')).toBe('required');
    expect(targetProjectNameError(true, '  ')).toBe('required');
    expect(targetProjectNameError(true, undefined)).toBe('required');
    expect(targetProjectNameError(true, 'questboard_results')).toBeNull();
    expect(targetProjectNameError(false, '')).toBeNull();
  });
});

function Plugin() {
  return { id: 'plugin_af_1', source: 'AppsFlyer', connected: 'waiting_for_events' };
}

describe('revenue settings (docs/integrations.md §Rules and limits)', () => {
  it('is the monetizeMetadata shape of a plugin event', () => {
    expect(RevenueSettings).toBe(MonetizeMetadata);
  });
  it('accepts the three fields', () => {
    expect(validateRevenueSettings(fx.revenueSettings)).toEqual({});
  });
  it('requires revenueEp, revenueType and currencyEp strings', () => {
    expect(validateRevenueSettings({})).toEqual({
      revenueEp: 'required',
      revenueType: 'required',
      currencyEp: 'required',
    });
    expect(validateRevenueSettings({ revenueEp: ' ', revenueType: 'iap', currencyEp: 3 })).toEqual({
      revenueEp: 'required',
      currencyEp: 'must be a string',
    });
  });
  it('accepts only ads, iap and other as revenue type', () => {
    expect(validateRevenueSettings({ ...fx.revenueSettings, revenueType: 'subscription' })).toEqual({
      revenueType: 'must be one of: ads, iap, other',
    });
  });
  it('uses the exact docs/integrations.md §Messages messages', () => {
    expect(REVENUE_SETTINGS_MESSAGES).toEqual({
      saved: 'Revenue Settings saved successfully.',
      saveFailed: 'Failed to save Revenue Settings.',
      deleted: 'Revenue Settings deleted successfully.',
      deleteFailed: 'Failed to delete Revenue Settings.',
    });
  });
});

describe('AppsFlyer test advertising id (docs/integrations.md §Rules and limits)', () => {
  it("answers 'required' when empty or blank", () => {
    expect(advertisingIdError('')).toBe('required');
    expect(advertisingIdError('   ')).toBe('required');
    expect(advertisingIdError('\t\n')).toBe('required');
    expect(advertisingIdError(null)).toBe('required');
    expect(advertisingIdError(undefined)).toBe('required');
  });
  it("answers 'whitespaces not allowed' when it contains whitespace", () => {
    expect(advertisingIdError('38400000 8cf0')).toBe('whitespaces not allowed');
    expect(advertisingIdError(' 38400000-8cf0')).toBe('whitespaces not allowed');
    expect(advertisingIdError('38400000-8cf0\t')).toBe('whitespaces not allowed');
  });
  it('accepts an id and enables Generate Link', () => {
    expect(advertisingIdError('38400000-8cf0-11bd-b23e-10b96e40000d')).toBeNull();
    expect(canGenerateTestLink('38400000-8cf0-11bd-b23e-10b96e40000d')).toBe(true);
    expect(canGenerateTestLink('')).toBe(false);
    expect(canGenerateTestLink('a b')).toBe(false);
  });
});

describe('AppsFlyer test link (docs/integrations.md §Entities, §API endpoints, §Rules and limits)', () => {
  const input = {
    platform: 'android' as const,
    appPath: 'com.pixelforge.gemquest',
    siteId: 'questboard',
    campaign: 'questboard_test',
    pid: 'questboard_int',
    deepLinkTarget: 'gemquest://quests',
    appId: 'app_android_1',
    advertisingId: '38400000-8cf0-11bd-b23e-10b96e40000d',
  };
  it('carries click lookback 7d, re-engagement 30d and is_retargeting false', () => {
    expect(APPSFLYER_CLICK_LOOKBACK).toBe('7d');
    expect(APPSFLYER_REENGAGEMENT_WINDOW).toBe('30d');
    expect(appsFlyerTestLinkParams(input)).toEqual(fx.appsFlyerParams);
    expect(AppsFlyerTestLinkParams.is(appsFlyerTestLinkParams(input))).toBe(true);
  });
  it('builds the link on the provider domain with the package as path', () => {
    const url = new URL(appsFlyerTestLink(input));
    expect(url.origin).toBe('https://app.appsflyer.com');
    expect(url.pathname).toBe('/com.pixelforge.gemquest');
    expect(Object.fromEntries(url.searchParams)).toEqual(fx.appsFlyerParams);
  });
  it('passes idfa for iOS devices', () => {
    const params = appsFlyerTestLinkParams({ ...input, platform: 'ios', appPath: 'id1234567890' });
    expect(params.idfa).toBe(input.advertisingId);
    expect(params).not.toHaveProperty('advertising_id');
  });
  it('picks the link path of an app', () => {
    expect(appsFlyerAppPath({ platform: 'android', googlePackageName: 'com.pixelforge.gemquest' })).toBe(
      'com.pixelforge.gemquest',
    );
    expect(appsFlyerAppPath({ platform: 'android', googlePackageName: null })).toBeNull();
    expect(
      appsFlyerAppPath({
        platform: 'ios',
        appleStoreUrl: 'https://apps.apple.com/us/app/gem-quest/id1234567890',
        appleBundleId: 'com.pf.gq',
      }),
    ).toBe('id1234567890');
    expect(appsFlyerAppPath({ platform: 'ios', appleStoreUrl: null, appleBundleId: 'com.pf.gq' })).toBe('com.pf.gq');
  });
  it('draws the QR code at size 150 with error correction level H', () => {
    expect(QR_CODE_SIZE).toBe(150);
    expect(QR_CODE_ERROR_CORRECTION_LEVEL).toBe('H');
  });
});

describe('Adjust connect form (docs/integrations.md §Screens and routes, §Rules and limits)', () => {
  const csv = { name: 'events.csv' };
  it('requires a partner link URL', () => {
    expect(partnerLinkError('')).toBe('required');
    expect(partnerLinkError(undefined)).toBe('required');
    expect(partnerLinkError('not a url')).toBe('must be a valid URL');
    expect(partnerLinkError('ftp://app.adjust.com/abc123')).toBe('must be a valid URL');
    expect(partnerLinkError('https://app.adjust.com/abc123x')).toBeNull();
  });
  it("accepts .csv files only, with the hint 'Only .CSV file is accepted.'", () => {
    expect(CSV_ONLY_HINT).toBe('Only .CSV file is accepted.');
    expect(eventsFileError(null)).toBe('required');
    expect(eventsFileError({ name: 'events.xlsx' })).toBe('Only .CSV file is accepted.');
    expect(eventsFileError({ name: 'events.csv.txt' })).toBe('Only .CSV file is accepted.');
    expect(eventsFileError({ name: 'csv' })).toBe('Only .CSV file is accepted.');
    expect(eventsFileError({ name: 'events.csv' })).toBeNull();
    expect(eventsFileError({ name: 'EVENTS.CSV' })).toBeNull();
    expect(EVENTS_UPLOAD_ACCEPT).toBe('.csv');
    expect(EVENTS_DOWNLOAD_FILENAME).toBe('events.csv');
  });
  it('validates the whole form and disables Connect while invalid, empty or processing', () => {
    expect(validateAdjustConnect({})).toEqual({ partnerLink: 'required', eventFile: 'required' });
    expect(validateAdjustConnect({ partnerLink: 'https://app.adjust.com/abc123x', eventFile: csv })).toEqual({});
    expect(canConnectAdjust({ partnerLink: 'https://app.adjust.com/abc123x', eventFile: csv }, false)).toBe(true);
    expect(canConnectAdjust({ partnerLink: 'https://app.adjust.com/abc123x', eventFile: csv }, true)).toBe(false);
    expect(canConnectAdjust({ partnerLink: '', eventFile: csv }, false)).toBe(false);
  });
  it('shows the invalid tooltip to everyone but viewers', () => {
    expect(ADJUST_INVALID_TOOLTIP).toBe('Please enter a valid Partner Link and upload a valid Events File.');
    expect(adjustConnectTooltip({}, 'editor')).toBe(
      'Please enter a valid Partner Link and upload a valid Events File.',
    );
    expect(adjustConnectTooltip({}, 'viewer')).toBeNull();
    expect(adjustConnectTooltip({ partnerLink: 'https://app.adjust.com/abc123x', eventFile: csv }, 'admin')).toBeNull();
  });
  it('uses the exact docs/integrations.md §Messages messages', () => {
    expect(ADJUST_MESSAGES).toEqual({
      statusFailed: "Can't check status of Adjust plugin!",
      partnerLinkUpdated: 'Partner link updated successfully!',
      partnerLinkUpdateFailed: 'Failed to update partner link!',
      partnerLinkNotFound: "Partner link not found! Can't update!",
      eventsFileSaved: 'Events file saved successfully!',
      eventsFileSaveFailed: 'Failed to save events file!',
    });
    expect(APPSFLYER_STATUS_FAILED).toBe("Can't check status of AppsFlyer plugin!");
  });
});

describe('Adjust events CSV rows (docs/domain.md)', () => {
  it('requires tokens of 6+ lowercase letters or digits', () => {
    for (const token of ['abc123', 'abcdef', '1234567', 'a1b2c3d4e5']) {
      expect(AdjustEventRow.is({ event_token: token, event_name: 'x' })).toBe(true);
    }
    for (const token of ['abc12', 'ABC123', 'abc-123', 'abc 123', '']) {
      expect(decodeMessages(AdjustEventRow, { event_token: token, event_name: 'x' })).toEqual([
        'event_token must be 6 or more lowercase letters or digits',
      ]);
    }
  });
  it('requires a non-blank event name and a known revenue type', () => {
    expect(decodeMessages(AdjustEventRow, { event_token: 'abc123', event_name: ' ' })).toEqual([
      'event_name: required',
    ]);
    expect(decodeMessages(AdjustEventRow, { ...fx.adjustRow, revenue_type: 'sub' })).toEqual([
      'revenue_type must be one of ads, iap, other',
    ]);
  });
  it('requires unique tokens across rows', () => {
    const rows = [fx.adjustRow, { event_token: 'lvl001', event_name: 'Level Up' }];
    expect(AdjustEventRows.encode(decodeOrThrow(AdjustEventRows, rows))).toEqual(rows);
    expect(decodeMessages(AdjustEventRows, [...rows, { event_token: 'abc123', event_name: 'Again' }])).toEqual([
      'body: event_token values must be unique',
    ]);
    expect(decodeMessages(AdjustEventRows, [{ event_name: 'No token' }])).toEqual(['event_token is required']);
  });
});

describe('plugin constants (docs/integrations.md §Screens and routes, §Rules and limits)', () => {
  it('lists plugin, credential and revenue types', () => {
    expect(PLUGIN_TYPES).toEqual(['BigQuery', 'Firebase', 'AppsFlyer', 'Adjust', 'Singular']);
    expect(CREDENTIAL_TYPES).toEqual(['USER_OAUTH', 'TP_SERVICE_ACCOUNT', 'ORG_SERVICE_ACCOUNT']);
    expect(REVENUE_TYPE_LABELS).toEqual({ ads: 'Ads', iap: 'IAP', other: 'Other' });
  });
  it('lists the features unlocked per plugin', () => {
    expect(FEATURES_UNLOCKED.BigQuery).toEqual(['Actionable Game Insights', 'AI-Driven Quest Generation']);
    for (const source of ['Firebase', 'AppsFlyer', 'Adjust'] as const) {
      expect(FEATURES_UNLOCKED[source]).toEqual([
        'Real-Time Quest Triggers',
        'Enhanced User Segmentation',
        'Custom Analytics for Engagement',
      ]);
    }
  });
  it('marks BigQuery for Custom Analytics and Smart Quests, the others for Realtime Triggers', () => {
    expect(INTEGRATION_CAPABILITIES).toEqual(['Custom Analytics', 'Smart Quests', 'Realtime Triggers']);
    expect(SUPPORTED_CAPABILITIES.BigQuery).toEqual(['Custom Analytics', 'Smart Quests']);
    for (const source of ['Firebase', 'AppsFlyer', 'Adjust', 'Singular'] as const) {
      expect(SUPPORTED_CAPABILITIES[source]).toEqual(['Realtime Triggers']);
    }
  });
  it('shows AppsFlyer/Adjust snackbars 6000 ms on error and 10000 ms on success', () => {
    expect(INTEGRATION_SNACKBAR_MS).toEqual({ error: 6000, success: 10000 });
  });
});
