/**
 * The snackbar store and the shared pieces machines use to speak (docs/architecture.md §Endpoints and errors, §Layers): notify durations by name, the
 * `notify` action binding, and which words a failed call may show (src/machines/shared/api-error.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismiss, getNotices, notify } from '../../src/services/notify';
import { showNotice } from '../../src/machines/shared/notice.actors';
import { apiFailure, hasStatus, networkWords, serverWords } from '../../src/machines/shared/api-error';
import { ApiError, ContractError } from '../../src/services/http';

describe('notify: docs/architecture.md §Layers snackbar durations', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const notice of getNotices()) dismiss(notice.id);
    vi.useRealTimers();
  });

  it('names map to 2 s, 3 s, 10 s and the AppsFlyer/Adjust 6 s / 10 s; 3 s by default', () => {
    const durations = (['short', 'normal', 'long', 'partnerError', 'partnerSuccess'] as const).map((name) => {
      const id = notify(name, 'info', name);
      return getNotices().find((n) => n.id === id)!.durationMs;
    });
    expect(durations).toEqual([2000, 3000, 10000, 6000, 10000]);
    const id = notify('Default');
    expect(getNotices().find((n) => n.id === id)).toMatchObject({ kind: 'success', durationMs: 3000 });
  });

  it('a notice goes away after its duration', () => {
    notify('Copied to clipboard!', 'success', 'short');
    vi.advanceTimersByTime(1999);
    expect(getNotices().map((n) => n.message)).toEqual(['Copied to clipboard!']);
    vi.advanceTimersByTime(1);
    expect(getNotices()).toEqual([]);
  });

  it("the machines' notify action shows the message for its named duration", () => {
    showNotice(undefined, { message: 'Error while resending invite.', kind: 'error', duration: 'long' });
    showNotice(undefined, { message: 'Report deleted successfully.', kind: 'success' });
    expect(getNotices().map(({ message, kind, durationMs }) => ({ message, kind, durationMs }))).toEqual([
      { message: 'Error while resending invite.', kind: 'error', durationMs: 10000 },
      { message: 'Report deleted successfully.', kind: 'success', durationMs: 3000 },
    ]);
  });
});

describe('api-error: which words a failure may show', () => {
  it("the server's own words only when it chose them (a code other than internal)", () => {
    expect(serverWords(new ApiError(409, 'Already invited.', 'conflict'))).toBe('Already invited.');
    expect(
      serverWords(new ApiError(504, 'The report took longer than 10 seconds and was stopped.', 'report_timeout')),
    ).toBe('The report took longer than 10 seconds and was stopped.');
    expect(serverWords(new ApiError(500, 'Something went wrong. Please try again later.', 'internal'))).toBeNull();
    expect(serverWords(new ApiError(502, 'Request failed (502).'))).toBeNull();
    expect(
      serverWords(new ApiError(0, 'Cannot reach Questboard. Check your connection and try again.', 'network')),
    ).toBeNull();
    expect(serverWords(new ContractError('/api/x', ['success is required']))).toBeNull();
    expect(serverWords(new TypeError('Failed to fetch'))).toBeNull();
  });

  it('network words only when the server was not reached', () => {
    expect(
      networkWords(new ApiError(0, 'Cannot reach Questboard. Check your connection and try again.', 'network')),
    ).toBe('Cannot reach Questboard. Check your connection and try again.');
    expect(networkWords(new ApiError(500, 'Something went wrong. Please try again later.', 'internal'))).toBeNull();
  });

  it('reads status and code structurally (machines import no service)', () => {
    expect(apiFailure(new ApiError(410, 'Expired.', 'invite_expired'))).toEqual({
      status: 410,
      code: 'invite_expired',
      message: 'Expired.',
      fields: [],
    });
    expect(apiFailure(new Error('plain'))).toBeNull();
    expect(hasStatus(new ApiError(401, 'Sign in.', 'unauthorized'), 401)).toBe(true);
    expect(hasStatus({ status: 401 }, 401)).toBe(true);
    expect(hasStatus(null, 401)).toBe(false);
  });
});
