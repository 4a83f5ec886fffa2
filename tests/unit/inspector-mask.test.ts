/**
 * Flow inspector masking (src/inspector/mask.ts, mask-snapshot.ts): realistic payloads of this app (a sign-in event,
 * a session context with its token, a Google service-account key, an image upload, a Google access token) come out
 * with every secret and file content replaced, readable otherwise, the input untouched, cycles handled, and the
 * result plain enough to be posted to another window.
 */
import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { isSensitiveKey, mask, MASKED } from '../../src/inspector/mask';
import { maskDefinition, maskSnapshot, maskStatelyEvent } from '../../src/inspector/mask-snapshot';

const PASSWORD = 'questboard-demo';
/** The shape of a session token from the server (32 random bytes, base64url). */
const SESSION_TOKEN = 'q3Zx8-PpL0aVb7Wn2Yc4Rt6Ue9Io1Kd5Mf0Hs3Gj_Qa';
const GOOGLE_ACCESS_TOKEN = 'ya29.a0AfB_byC7xk2mQ9Lr4TnW8pZs1VdE6hJ3uYo5Fg0Ki2NbMc-Rq8Xw4Tz7Ae1Sl9Pj6Hd3';
const PRIVATE_KEY =
  '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\nMzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu\n-----END PRIVATE KEY-----\n';
const SERVICE_ACCOUNT = {
  type: 'service_account',
  project_id: 'questboard-analytics',
  private_key_id: '4f2c9e1b7a6d3c8e0f5a2b9d1c7e4a6f8b3d0e2c',
  private_key: PRIVATE_KEY,
  client_email: 'exporter@questboard-analytics.iam.gserviceaccount.com',
  client_id: '104729384756102938475',
  auth_uri: 'https://accounts.google.com/o/oauth2/auth',
  token_uri: 'https://oauth2.googleapis.com/token',
};
const PNG_BYTES = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...Array.from({ length: 2040 }, () => 7),
]);
const PNG_BASE64 = Buffer.from(PNG_BYTES).toString('base64');

/** The secret must not appear anywhere in what would leave the page. */
const leaves = (value: unknown, secret: string) => JSON.stringify(value).includes(JSON.stringify(secret).slice(1, -1));

describe('mask: realistic payloads', () => {
  it('masks two-factor codes, secrets, the enrolment URI and recovery codes (docs/accounts.md §Two-factor sign-in)', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const context = {
      enrolment: { secret, uri: `otpauth://totp/Questboard:ada%40demostudio.dev?secret=${secret}&issuer=Questboard` },
      recoveryCodes: ['abcde-fghjk', 'mnpqr-stuvw'],
      otp: '123456',
      challengeToken: SESSION_TOKEN,
      status: { enabled: true, recoveryCodesLeft: 9 },
    };
    const masked = mask(context);
    for (const leak of [secret, 'abcde-fghjk', '123456', SESSION_TOKEN]) expect(leaves(masked, leak)).toBe(false);
    expect(masked).toMatchObject({ otp: MASKED, recoveryCodes: MASKED, status: { enabled: true } });
    expect(mask({ type: 'SUBMIT_CODE', otp: '654321' })).toEqual({ type: 'SUBMIT_CODE', otp: MASKED });
  });

  it('masks the password of a sign-in event and keeps the rest readable', () => {
    const event = { type: 'SIGN_IN', email: 'editor@demostudio.dev', password: PASSWORD };
    expect(mask(event)).toEqual({ type: 'SIGN_IN', email: 'editor@demostudio.dev', password: MASKED });
  });

  it('masks the token of a session context (by key and when it turns up under another name)', () => {
    const context = {
      account: { id: '5b0f6a34-1d2e-4c8f-9a7b-3e4d5c6b7a8f', email: 'admin@demostudio.dev', name: 'Ada Admin' },
      token: SESSION_TOKEN,
      hasToken: true,
      error: null,
      lastResult: { value: SESSION_TOKEN },
      headers: { Authorization: `Bearer ${SESSION_TOKEN}` },
    };
    const masked = mask(context) as typeof context;
    expect(masked.token).toBe(MASKED);
    expect(masked.lastResult.value).toBe(MASKED);
    expect(masked.headers.Authorization).toBe(MASKED);
    // Not secrets: booleans and null stay as they are, the account (uuid, email) stays readable.
    expect(masked.hasToken).toBe(true);
    expect(masked.error).toBeNull();
    expect(masked.account).toEqual(context.account);
    expect(leaves(masked, SESSION_TOKEN)).toBe(false);
  });

  it('masks a Google service-account key, as an object and as the JSON text of the uploaded file', () => {
    const masked = mask({ type: 'CREDENTIALS_PARSED', serviceAccount: SERVICE_ACCOUNT }) as {
      serviceAccount: Record<string, unknown>;
    };
    expect(masked.serviceAccount.private_key).toBe(MASKED);
    expect(masked.serviceAccount.private_key_id).toBe(MASKED);
    expect(masked.serviceAccount.client_email).toBe(SERVICE_ACCOUNT.client_email);
    expect(masked.serviceAccount.project_id).toBe('questboard-analytics');
    expect(leaves(masked, PRIVATE_KEY)).toBe(false);

    const asText = JSON.stringify(SERVICE_ACCOUNT, null, 2);
    expect(mask({ type: 'JSON_PASTED', json: asText })).toEqual({ type: 'JSON_PASTED', json: MASKED });
    expect(mask({ type: 'UPLOADED', credentials: SERVICE_ACCOUNT })).toEqual({ type: 'UPLOADED', credentials: MASKED });
    // A PEM key alone, under a name that says nothing.
    expect(mask({ pem: PRIVATE_KEY })).toEqual({ pem: MASKED });
  });

  it('masks an uploaded image: the File, its bytes, and its data: URL preview', () => {
    const file = new File([PNG_BYTES], 'app-icon.png', { type: 'image/png' });
    const masked = mask({
      type: 'IMAGE_SELECTED',
      image: file,
      file,
      bytes: PNG_BYTES,
      buffer: PNG_BYTES.buffer,
      blob: new Blob(['col1,col2\n1,2\n'], { type: 'text/csv' }),
      preview: `data:image/png;base64,${PNG_BASE64}`,
      raw: PNG_BASE64,
      name: 'app-icon.png',
    }) as Record<string, unknown>;
    expect(masked.image).toBe('[masked File image/png, 2.0 kB]');
    expect(masked.file).toBe(MASKED);
    expect(masked.bytes).toBe('[masked Uint8Array, 2.0 kB]');
    expect(masked.buffer).toBe('[masked ArrayBuffer, 2.0 kB]');
    expect(masked.blob).toBe(MASKED);
    expect(masked.preview).toBe(`[masked data URL (image/png), ${PNG_BASE64.length + 22} chars]`);
    expect(masked.raw).toBe(`[masked base64, ${PNG_BASE64.length} chars]`);
    expect(masked.name).toBe('app-icon.png');
    expect(leaves(masked, PNG_BASE64.slice(0, 40))).toBe(false);
  });

  it('masks a Google access token: the OAuth callback message, the header, the bare value', () => {
    const masked = mask({
      type: 'GOOGLE_AUTHORIZED',
      access_token: GOOGLE_ACCESS_TOKEN,
      accessToken: GOOGLE_ACCESS_TOKEN,
      expires_in: 3599,
      request: { headers: { authorization: `Bearer ${GOOGLE_ACCESS_TOKEN}` } },
      value: GOOGLE_ACCESS_TOKEN,
      state: 'c2d1e4',
    }) as Record<string, unknown>;
    expect(masked).toEqual({
      type: 'GOOGLE_AUTHORIZED',
      access_token: MASKED,
      accessToken: MASKED,
      expires_in: 3599,
      request: { headers: { authorization: MASKED } },
      value: MASKED,
      state: 'c2d1e4',
    });
  });
});

describe('mask: safety', () => {
  it('never mutates the real objects', () => {
    const account = { email: 'admin@demostudio.dev', apiKey: 'k-123' };
    const context = Object.freeze({
      account: Object.freeze(account),
      password: PASSWORD,
      list: Object.freeze([account]),
    });
    const masked = mask(context) as Record<string, unknown>;
    expect(context.password).toBe(PASSWORD);
    expect(account.apiKey).toBe('k-123');
    expect(masked).not.toBe(context);
    expect((masked.account as Record<string, unknown>).apiKey).toBe(MASKED);
    expect(masked.list).toEqual([{ email: 'admin@demostudio.dev', apiKey: MASKED }]);
  });

  it('is cycle-safe and still shows a value referenced twice', () => {
    const node: Record<string, unknown> = { name: 'root', password: PASSWORD };
    node.self = node;
    const shared = { id: 'shared' };
    const masked = mask({ node, a: shared, b: shared }) as Record<string, Record<string, unknown>>;
    expect(masked.node).toEqual({ name: 'root', password: MASKED, self: '[Circular]' });
    expect(masked.a).toEqual({ id: 'shared' });
    expect(masked.b).toEqual({ id: 'shared' });
  });

  it('gives plain values that can be posted to another window', () => {
    const actor = createActor(createMachine({ id: 'child' }), { id: 'child' });
    const error = Object.assign(new Error('Incorrect email or password.'), { status: 401, token: SESSION_TOKEN });
    const masked = mask({
      when: new Date('2026-03-01T10:00:00Z'),
      error,
      ids: new Set(['a', 'b']),
      byId: new Map([['a', { password: PASSWORD }]]),
      child: actor,
      onDone: function onDone() {},
      big: 10n,
    });
    expect(() => structuredClone(masked)).not.toThrow();
    expect(JSON.parse(JSON.stringify(masked))).toEqual({
      when: '2026-03-01T10:00:00.000Z',
      error: { name: 'Error', message: 'Incorrect email or password.', status: 401, token: MASKED },
      ids: ['a', 'b'],
      byId: { a: { password: MASKED } },
      child: '[actor child]',
      onDone: '[function onDone]',
      big: '10n',
    });
  });

  it('cuts very large values short', () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ day: i }));
    const masked = mask({ rows }) as { rows: unknown[] };
    expect(masked.rows).toHaveLength(51);
    expect(masked.rows.at(-1)).toBe('[… 450 more items]');
  });
});

describe('isSensitiveKey', () => {
  it.each([
    'password',
    'newPassword',
    'PASSWORD',
    'passwd',
    'token',
    'accessToken',
    'access_token',
    'refresh_token',
    'id_token',
    'secret',
    'client_secret',
    'credentials',
    'serviceAccountCredentials',
    'authorization',
    'Authorization',
    'cookie',
    'Set-Cookie',
    'apiKey',
    'api_key',
    'x-api-key',
    'privateKey',
    'private_key',
    'private_key_id',
    'key',
    'devKey',
    'auth',
    'authHeader',
    'file',
    'imageFile',
    'files',
    'blob',
    'signature',
  ])('%s is sensitive', (key) => {
    expect(isSensitiveKey(key)).toBe(true);
  });

  it.each([
    'email',
    'name',
    'id',
    'profile',
    'monkey',
    'keyboard',
    'author',
    'status',
    'value',
    'account',
    'appId',
    'title',
  ])('%s is not', (key) => {
    expect(isSensitiveKey(key)).toBe(false);
  });
});

describe('masked snapshots and Stately events', () => {
  it('keeps the state value and status, masks context, input, output and error, drops the rest', () => {
    const masked = maskSnapshot({
      status: 'active',
      value: { signedOut: 'tokenRefused' },
      context: { token: SESSION_TOKEN, error: null },
      input: { email: 'a@b.dev', password: PASSWORD },
      output: undefined,
      children: { signIn: {} },
      machine: { huge: true },
      historyValue: {},
      tags: new Set(['busy']),
    });
    expect(masked).toEqual({
      status: 'active',
      value: { signedOut: 'tokenRefused' },
      tags: ['busy'],
      context: { token: MASKED, error: null },
      input: { email: 'a@b.dev', password: MASKED },
    });
  });

  it('masks the context a machine definition carries', () => {
    const definition = JSON.stringify({ id: 'upload', context: { apiKey: 'k-1', count: 0 }, states: { token: {} } });
    expect(JSON.parse(maskDefinition(definition)!)).toEqual({
      id: 'upload',
      context: { apiKey: MASKED, count: 0 },
      states: { token: {} },
    });
    expect(maskDefinition('not json')).toBeUndefined();
  });

  it('masks each kind of outgoing Stately event', () => {
    const base = { sessionId: 'x:1', rootId: 'x:0', createdAt: '1', id: null as unknown as string, _version: '0.7.2' };
    const eventEvent = maskStatelyEvent({
      ...base,
      type: '@xstate.event',
      sourceId: undefined,
      event: { type: 'SIGN_IN', email: 'e@d.dev', password: PASSWORD },
    });
    const snapshotEvent = maskStatelyEvent({
      ...base,
      type: '@xstate.snapshot',
      event: { type: 'xstate.done.actor.signIn', output: { token: SESSION_TOKEN } },
      snapshot: { status: 'active', value: 'signedIn', context: { token: SESSION_TOKEN } } as never,
    });
    const actorEvent = maskStatelyEvent({
      ...base,
      type: '@xstate.actor',
      name: 'signIn',
      parentId: 'x:0',
      definition: undefined,
      snapshot: { status: 'active', input: { email: 'e@d.dev', password: PASSWORD } } as never,
    });
    for (const masked of [eventEvent, snapshotEvent, actorEvent]) {
      expect(leaves(masked, PASSWORD)).toBe(false);
      expect(leaves(masked, SESSION_TOKEN)).toBe(false);
      expect(masked.sessionId).toBe('x:1');
    }
    expect(eventEvent).toMatchObject({
      type: '@xstate.event',
      event: { type: 'SIGN_IN', email: 'e@d.dev', password: MASKED },
    });
    expect(snapshotEvent).toMatchObject({ snapshot: { value: 'signedIn', context: { token: MASKED } } });
    expect(actorEvent).toMatchObject({ name: 'signIn', snapshot: { input: { password: MASKED } } });
  });
});
