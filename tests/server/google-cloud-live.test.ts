/**
 * The real Google Cloud adapter (server/providers/google-cloud/google.ts) behind the integrations routes, with no
 * network: google-auth-library's own transporter is given a `fetch` over recorded responses of Google's documented
 * shapes (tests/fixtures/google-cloud: Cloud Resource Manager v3, Firebase Management v1beta1, the OAuth token
 * endpoint, BigQuery's datasets.list and jobs.query answers, the latter merged into rows by the BigQuery library's
 * own `mergeSchemaWithRows_`); id tokens are signed here with a key whose public half the certificates answer serves.
 * Checks: projects (two pages) with their Firebase apps matched by package name / bundle id and roles proven by
 * testIamPermissions (one project without bigquery.jobs.create → BigQuery Job User missing, and the docs/integrations.md §Messages message),
 * the product service account's JWT grant, a refresh token exchanged for an access token (and a revoked one in
 * words), the consent URL, the callback's code exchange (credential created, refresh token sealed), a denied consent
 * and a refused code (never an error status), the events of the BigQuery export, the deployment's steps and its
 * failure words, the projects cache, and the configuration's validation.
 */
import { BigQuery, type Query } from '@google-cloud/bigquery';
import { generateKeyPairSync, sign } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Certificates, TokenPayload } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { googleCloudFromEnv } from '../../server/config';
import { DEMO_ACCOUNTS, DEMO_APP_IDS } from '../../server/demo/seed';
import { googleCloud, googleCloudFromConfig } from '../../server/providers/google-cloud/google';
import { TESTED_PERMISSIONS } from '../../server/providers/google-cloud/google-iam';
import type {
  CredentialSubject,
  FirebaseTarget,
  GoogleCloudProvider,
} from '../../server/providers/google-cloud/provider';
import type { AIPErrorInterface, OAuthErrorResponse } from '../fixtures/vendor-typed/google-cloud';
import { byText, call, createTestServer, signInAs, type TestServer } from './helpers';

const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../fixtures/google-cloud', `${name}.json`), 'utf8');
const CLIENT_ID = '415104041262-q1w2e3r4t5y6u7i8o9p0.apps.googleusercontent.com';
const REDIRECT = 'http://127.0.0.1:8080/api/oauth/callback';
const PRODUCT_EMAIL = 'questboard-integrations@questboard-prod.iam.gserviceaccount.com';
const APP = DEMO_APP_IDS.pixelRacer;
const RETURN_TO = `/workspace/demo-studio/app/${APP}/integrations/BigQuery`;

const signer = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = signer.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const KID = 'f5f4bf46e52b31d9b6249f7309ad0338400680cd';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An id token as Google's token endpoint returns it (RS256, Google's issuer, our client as audience). */
function idToken(claims: Partial<TokenPayload>) {
  const now = Math.floor(Date.now() / 1000);
  const payload: TokenPayload = {
    iss: 'https://accounts.google.com',
    azp: CLIENT_ID,
    aud: CLIENT_ID,
    sub: '110248495921238986420',
    iat: now,
    exp: now + 3600,
    ...claims,
  };
  const body = `${b64({ alg: 'RS256', kid: KID, typ: 'JWT' })}.${b64(payload)}`;
  return `${body}.${sign('RSA-SHA256', Buffer.from(body), signer.privateKey).toString('base64url')}`;
}

interface Recorded {
  method: string;
  url: URL;
  authorization: string | null;
  form: URLSearchParams;
  json: unknown;
}
const recorded: Recorded[] = [];
const tokenGrants = () =>
  recorded.filter((r) => r.url.href === 'https://oauth2.googleapis.com/token').map((r) => r.form);
let idTokenClaims: Partial<TokenPayload> = { email: 'Publisher@DemoStudio.dev', email_verified: true };

const json = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'application/json; charset=UTF-8', ...headers } });

/** Google as recorded: method + address → a fixture. */
const fakeFetch: typeof fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const method = (init?.method ?? 'GET').toUpperCase();
  const headers = new Headers(init?.headers as HeadersInit);
  const raw = init?.body;
  const text = typeof raw === 'string' ? raw : raw instanceof URLSearchParams ? raw.toString() : '';
  const form = new URLSearchParams(
    headers.get('content-type')?.includes('x-www-form-urlencoded') || raw instanceof URLSearchParams ? text : '',
  );
  recorded.push({
    method,
    url,
    authorization: headers.get('authorization'),
    form,
    json: text.startsWith('{') ? JSON.parse(text) : null,
  });

  if (url.href === 'https://oauth2.googleapis.com/token' && method === 'POST') {
    const grant = form.get('grant_type');
    if (grant === 'urn:ietf:params:oauth:grant-type:jwt-bearer') return json(fixture('token-service-account'));
    if (grant === 'refresh_token')
      return form.get('refresh_token') === 'revoked-refresh-token'
        ? json(fixture('token-invalid-grant'), 400)
        : json(fixture('token-refresh'));
    if (grant === 'authorization_code' && form.get('code') === '4/0AeanS0b-good-code')
      return json(fixture('token-authorization-code').replace('{{id_token}}', idToken(idTokenClaims)));
    return json(
      JSON.stringify({
        error: 'invalid_grant',
        error_description: 'Malformed auth code.',
      } satisfies OAuthErrorResponse),
      400,
    );
  }
  if (url.href === 'https://www.googleapis.com/oauth2/v1/certs') {
    // Google serves X.509 certificates by key id; the library verifies with the PEM it is given, a public key here.
    const certificates: Certificates = { [KID]: signer.publicKey.export({ type: 'spki', format: 'pem' }).toString() };
    return json(JSON.stringify(certificates), 200, {
      'cache-control': 'public, max-age=19897, must-revalidate, no-transform',
    });
  }
  if (url.origin === 'https://cloudresourcemanager.googleapis.com') {
    if (method === 'GET' && url.pathname === '/v3/projects:search') {
      const token = url.searchParams.get('pageToken');
      if (!token) return json(fixture('projects-search'));
      return token === 'CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA'
        ? json(fixture('projects-search-page-2'))
        : json(fixture('error-not-found'), 400);
    }
    const iam = /^\/v3\/projects\/([\w-]+):testIamPermissions$/.exec(url.pathname);
    if (method === 'POST' && iam) return json(fixture(`test-iam-permissions-${iam[1]}`));
  }
  const apps = /^\/v1beta1\/projects\/([\w-]+)\/(androidApps|iosApps)$/.exec(url.pathname);
  if (url.origin === 'https://firebase.googleapis.com' && method === 'GET' && apps) {
    const name = `${apps[2] === 'androidApps' ? 'android' : 'ios'}-apps-${apps[1]}`;
    return fs.existsSync(path.join(import.meta.dirname, '../fixtures/google-cloud', `${name}.json`))
      ? json(fixture(name))
      : json(fixture('error-not-found'), 404);
  }
  const unrecorded: AIPErrorInterface = {
    error: { code: 404, message: `Unrecorded ${method} ${url.href}`, status: 'NOT_FOUND' },
  };
  return json(JSON.stringify(unrecorded), 404);
};

/** BigQuery as recorded: the REST answers turned into what the library's getDatasets() / query() resolve with. */
const queries: Query[] = [];
const fakeBigQuery = (projectId: string) => ({
  async getDatasets() {
    const list = JSON.parse(fixture('bigquery-datasets-list')) as {
      datasets: { datasetReference: { datasetId: string; projectId: string } }[];
    };
    return [
      list.datasets
        .filter((d) => d.datasetReference.projectId === projectId)
        .map((d) => ({ id: d.datasetReference.datasetId })),
    ] as [{ id: string }[]];
  },
  async query(options: Query) {
    queries.push(options);
    const answer = JSON.parse(fixture('bigquery-query-events'));
    return [BigQuery.mergeSchemaWithRows_(answer.schema, answer.rows, { wrapIntegers: false, parseJSON: false })] as [
      Record<string, unknown>[],
    ];
  },
});

const provider: GoogleCloudProvider = googleCloud({
  oauth: { clientId: CLIENT_ID, clientSecret: 'GOCSPX-questboard-test-secret', redirectUri: REDIRECT },
  productKey: { client_email: PRODUCT_EMAIL, private_key: PRIVATE_PEM, project_id: 'questboard-prod' },
  fetch: fakeFetch,
  createBigQuery: fakeBigQuery,
  cacheMs: 0,
});

let server: TestServer;
let admin: string;
let productCredentialId = '';

beforeAll(async () => {
  server = await createTestServer({ providers: { googleCloud: provider } });
  admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
});
afterAll(() => server?.close());

const credentials = async () =>
  (await call(server.app, admin, { method: 'GET', url: `/api/app/${APP}/credentials` })).json();
const subject = (type: CredentialSubject['type'], email: string, secret: string | null = null): CredentialSubject => ({
  type,
  email,
  projectId: null,
  secret: () => secret,
});
const target = (project: string): FirebaseTarget => ({
  workspaceId: 'demo-studio',
  project,
  now: Date.UTC(2024, 10, 25, 12),
  app: {
    id: DEMO_APP_IDS.wordGarden,
    appName: 'Word Garden',
    platform: 'ios',
    packageName: 'dev.demostudio.wordgarden',
  },
});

describe('projects, Firebase apps and roles', () => {
  test('the product service account: its e-mail from the key, a JWT grant, projects with their matched apps and proven roles', async () => {
    const created = await call(server.app, admin, { method: 'POST', url: `/api/app/${APP}/credentials/product` });
    expect(created.statusCode).toBe(200);
    productCredentialId = created.json().credential.id;
    const body = await credentials();
    expect(body.provider).toBe('google');
    expect(body.productServiceAccount).toBe(PRODUCT_EMAIL);

    const [grant] = tokenGrants();
    expect(grant!.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const claims = JSON.parse(Buffer.from(grant!.get('assertion')!.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      iss: PRODUCT_EMAIL,
      scope: 'https://www.googleapis.com/auth/cloud-platform',
      aud: 'https://oauth2.googleapis.com/token',
    });
    // Creating the credential and listing the credentials each search (the cache is off here), in two pages: the
    // second asked with the first's nextPageToken; one JWT grant, its access token reused.
    const searches = recorded.filter((r) => r.url.pathname === '/v3/projects:search');
    expect(searches.map((r) => r.authorization)).toEqual(
      Array(4).fill('Bearer ya29.c.c0ASRK0GZ_product_service_account_access_token'),
    );
    expect(searches.map((r) => r.url.searchParams.get('query'))).toEqual(Array(4).fill('state:ACTIVE'));
    expect(searches.map((r) => r.url.searchParams.get('pageToken'))).toEqual([
      null,
      'CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA',
      null,
      'CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA',
    ]);
    expect(tokenGrants()).toHaveLength(1);

    const projects = body.credentials.find((c: { id: string }) => c.id === productCredentialId).projects;
    // demostudio-website has no Firebase (404): not listed, and its permissions are never asked.
    expect(Object.keys(projects).sort()).toEqual(['demostudio-analytics', 'demostudio-games']);
    expect(recorded.some((r) => r.url.pathname.includes('demostudio-website:testIamPermissions'))).toBe(false);
    const games = projects['demostudio-games'];
    expect(
      games.map((a: { appId: string; packageName: string; platform: string; tpAppId: string }) => [
        a.appId,
        a.packageName,
        a.platform,
        a.tpAppId,
      ]),
    ).toEqual([
      [
        DEMO_APP_IDS.dragonMergeAndroid,
        'dev.demostudio.dragonmerge',
        'ANDROID',
        '1:415104041262:android:7f3c2a91d0be44e1',
      ],
      [DEMO_APP_IDS.dragonMergeIos, 'dev.demostudio.dragonmerge', 'IOS', '1:415104041262:ios:e5a0f3d97c12b846'],
      [DEMO_APP_IDS.pixelRacer, 'dev.demostudio.pixelracer', 'ANDROID', '1:415104041262:android:2b9e41c0a7d35f18'],
    ]);
    // A Firebase app without a display name shows the workspace app's; Legacy Puzzle is no app of the workspace.
    expect(games[2].displayName).toBe('Pixel Racer');
    expect(games[0].roles.sort()).toEqual([
      'roles/bigquery.dataViewer',
      'roles/bigquery.jobUser',
      'roles/firebase.developAdmin',
      'roles/iam.serviceAccountUser',
      'roles/viewer',
    ]);
    expect(projects['demostudio-analytics'].map((a: { appId: string }) => a.appId)).toEqual([DEMO_APP_IDS.wordGarden]);
    expect(projects['demostudio-analytics'][0].roles).not.toContain('roles/bigquery.jobUser');
    const asked = recorded.find((r) => r.url.pathname === '/v3/projects/demostudio-analytics:testIamPermissions')!;
    expect(asked.json).toEqual({ permissions: [...TESTED_PERMISSIONS] });
  });

  test('a project where bigquery.jobs.create is missing: BigQuery Job User missing, the docs/integrations.md §Messages message; the full project connects', async () => {
    const missing = await call(server.app, admin, {
      method: 'POST',
      url: `/api/app/${DEMO_APP_IDS.wordGarden}/plugins`,
      payload: {
        type: 'BigQuery',
        credentialId: productCredentialId,
        attributes: { targetProject: 'demostudio-analytics' },
      },
    });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe(
      'Connection could not be configured due to missing permissions. Missing: BigQuery Job User.',
    );
    const created = await call(server.app, admin, {
      method: 'POST',
      url: `/api/app/${APP}/plugins`,
      payload: {
        type: 'BigQuery',
        credentialId: productCredentialId,
        attributes: { targetProject: 'demostudio-games' },
      },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().plugin.attributes.targetProject).toBe('demostudio-games');
  });
});

describe('a workspace service-account key', () => {
  test('signs with its own key (opened from the credential), and a secret that is no key is refused in words', async () => {
    recorded.length = 0;
    const key = JSON.stringify({
      type: 'service_account',
      client_email: 'uploader@demostudio-games.iam.gserviceaccount.com',
      private_key: PRIVATE_PEM,
      project_id: 'demostudio-games',
    });
    const projects = await provider.projects(
      {
        ...subject('ORG_SERVICE_ACCOUNT', 'uploader@demostudio-games.iam.gserviceaccount.com', key),
        projectId: 'demostudio-games',
      },
      {
        workspaceId: 'demo-studio',
        apps: [
          {
            id: DEMO_APP_IDS.pixelRacer,
            appName: 'Pixel Racer',
            platform: 'android',
            packageName: 'dev.demostudio.pixelracer',
          },
        ],
      },
    );
    expect(Object.keys(projects)).toEqual(['demostudio-games']);
    const assertion = tokenGrants()[0]!.get('assertion')!;
    expect(JSON.parse(Buffer.from(assertion.split('.')[1]!, 'base64url').toString()).iss).toBe(
      'uploader@demostudio-games.iam.gserviceaccount.com',
    );
    // Only the workspace's platforms are asked: no iOS app list.
    expect(recorded.some((r) => r.url.pathname.endsWith('/iosApps'))).toBe(false);
    await expect(
      provider.projects(subject('ORG_SERVICE_ACCOUNT', 'broken@x.dev', '{"client_email":"broken@x.dev"}'), {
        workspaceId: 'demo-studio',
        apps: [],
      }),
    ).rejects.toThrow('The stored secret of broken@x.dev cannot be used: add the credential again.');
  });
});

describe('the projects cache', () => {
  test("a credential's projects are kept for cacheMs: a second list within it asks Google nothing", async () => {
    const cached = googleCloud({
      oauth: { clientId: CLIENT_ID, clientSecret: 's', redirectUri: REDIRECT },
      productKey: { client_email: PRODUCT_EMAIL, private_key: PRIVATE_PEM },
      fetch: fakeFetch,
      cacheMs: 60_000,
    });
    const scope = {
      workspaceId: 'demo-studio',
      apps: [
        {
          id: DEMO_APP_IDS.wordGarden,
          appName: 'Word Garden',
          platform: 'ios' as const,
          packageName: 'dev.demostudio.wordgarden',
        },
      ],
    };
    recorded.length = 0;
    const first = await cached.projects(subject('TP_SERVICE_ACCOUNT', PRODUCT_EMAIL), scope);
    const asked = recorded.length;
    expect(await cached.projects(subject('TP_SERVICE_ACCOUNT', PRODUCT_EMAIL), scope)).toEqual(first);
    expect(recorded.length).toBe(asked);
    expect(Object.keys(first)).toEqual(['demostudio-analytics']);
  });
});

describe('Google sign-in', () => {
  let consent: URL;
  /** The cookie the start set: this test is the browser that started the sign-in. */
  let browser: { cookie: string };

  test('the consent URL: offline access, consent prompt, the scopes, our redirect URI and the sealed state', async () => {
    const res = await call(server.app, admin, {
      method: 'POST',
      url: `/api/app/${APP}/credentials/oauth`,
      payload: { returnTo: RETURN_TO },
    });
    expect(res.statusCode).toBe(200);
    consent = new URL(res.json().url);
    browser = { cookie: String(res.headers['set-cookie']).split(';')[0]! };
    expect(consent.origin + consent.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    const q = consent.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(REDIRECT);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('prompt')).toBe('consent');
    expect(q.get('scope')!.split(' ')).toEqual(['openid', 'email', 'https://www.googleapis.com/auth/cloud-platform']);
    expect(q.get('state')).toMatch(/^v1\./);
    // Google's page is used, not the sandbox's.
    const sandbox = await server.app.inject({
      method: 'GET',
      url: `/api/oauth/sandbox/consent?state=${encodeURIComponent(q.get('state')!)}`,
    });
    expect(sandbox.statusCode).toBe(503);
  });

  test('a denied consent goes back with ?oAuthRedirect=cancelled and creates nothing', async () => {
    const state = encodeURIComponent(consent.searchParams.get('state')!);
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/oauth/callback?error=access_denied&state=${state}`,
      headers: browser,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`${RETURN_TO}?oAuthRedirect=cancelled`);
    expect((await credentials()).credentials.filter((c: { type: string }) => c.type === 'USER_OAUTH')).toEqual([]);
  });

  test('a code Google refuses shows why, with a way back, never an error status', async () => {
    const state = encodeURIComponent(consent.searchParams.get('state')!);
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/oauth/callback?state=${state}&code=4%2F0AeanS0b-used-code&scope=email`,
      headers: browser,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'Google did not accept this sign-in (the code is invalid, expired or already used). Sign in again.',
    );
    expect(res.body).toContain(`${RETURN_TO}?oAuthRedirect=failed`);
    expect((await credentials()).credentials.filter((c: { type: string }) => c.type === 'USER_OAUTH')).toEqual([]);
  });

  test('the callback exchanges the code, reads the e-mail from the verified id token, seals the refresh token', async () => {
    const state = encodeURIComponent(consent.searchParams.get('state')!);
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/oauth/callback?state=${state}&code=4%2F0AeanS0b-good-code&scope=email%20openid%20https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fcloud-platform&authuser=0&prompt=consent`,
      headers: browser,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`${RETURN_TO}?oAuthRedirect=true`);
    const exchange = tokenGrants().findLast((f) => f.get('grant_type') === 'authorization_code')!;
    expect(exchange.get('code')).toBe('4/0AeanS0b-good-code');
    expect(exchange.get('redirect_uri')).toBe(REDIRECT);
    expect(exchange.get('client_id')).toBe(CLIENT_ID);
    const row = await server.app.questboard.db
      .selectFrom('credentials')
      .select(['email', 'secret'])
      .where('type', '=', 'USER_OAUTH')
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('publisher@demostudio.dev');
    expect(row.secret).not.toContain('1//0g');
    expect(JSON.parse(server.app.questboard.providers.secrets.open(row.secret!))).toEqual({
      refresh_token: '1//0gdemostudioRefreshTokenCgYIARAAGBASNwF-L9Ir',
    });
  });

  test('an id token for another client is refused', async () => {
    idTokenClaims = {
      email: 'publisher@demostudio.dev',
      email_verified: true,
      aud: 'someone-else.apps.googleusercontent.com',
    };
    try {
      await expect(provider.signIn!.exchange('4/0AeanS0b-good-code')).rejects.toThrow(/^Google sign-in failed/);
    } finally {
      idTokenClaims = { email: 'Publisher@DemoStudio.dev', email_verified: true };
    }
  });

  test('the stored refresh token is exchanged for an access token when the credential is used; a revoked one says so', async () => {
    recorded.length = 0;
    const body = await credentials();
    const user = body.credentials.find((c: { type: string }) => c.type === 'USER_OAUTH');
    expect(Object.keys(user.projects).sort()).toEqual(['demostudio-analytics', 'demostudio-games']);
    const refresh = tokenGrants().find((f) => f.get('grant_type') === 'refresh_token')!;
    expect(refresh.get('refresh_token')).toBe('1//0gdemostudioRefreshTokenCgYIARAAGBASNwF-L9Ir');
    expect(refresh.get('client_secret')).toBe('GOCSPX-questboard-test-secret');
    // The product's and the user's credentials are both listed: each search carries its own access token.
    expect(
      [...new Set(recorded.filter((r) => r.url.pathname === '/v3/projects:search').map((r) => r.authorization))].sort(
        byText,
      ),
    ).toEqual([
      'Bearer ya29.a0AcM612x_refreshed_user_access_token',
      'Bearer ya29.c.c0ASRK0GZ_product_service_account_access_token',
    ]);

    await expect(
      provider.projects(
        subject('USER_OAUTH', 'gone@demostudio.dev', JSON.stringify({ refresh_token: 'revoked-refresh-token' })),
        { workspaceId: 'demo-studio', apps: [] },
      ),
    ).rejects.toThrow(
      'The Google sign-in of gone@demostudio.dev has expired or was revoked: sign in with Google again.',
    );
  });
});

describe('Firebase events and the conversion function', () => {
  test('the events of the BigQuery export: one query over events_* with bound parameters, parameters typed, last arrival in ms', async () => {
    const events = await provider.firebaseEvents(
      subject('TP_SERVICE_ACCOUNT', PRODUCT_EMAIL),
      target('demostudio-analytics'),
    );
    expect(events).toEqual([
      { eventName: 'app_remove', params: {}, lastReceivedAt: 1732440000000 },
      {
        eventName: 'first_open',
        params: { firebase_event_origin: 'STRING', previous_first_open_count: 'INT64' },
        lastReceivedAt: 1732521600123,
      },
      {
        eventName: 'in_app_purchase',
        params: { currency: 'STRING', price: 'DOUBLE', product_id: 'STRING' },
        lastReceivedAt: 1732518000000,
      },
      { eventName: 'level_complete', params: { level: 'INT64' }, lastReceivedAt: 1732524845000 },
    ]);
    const [query] = queries;
    expect(query!.query).toContain('FROM `demostudio-analytics.analytics_153293282.events_*`');
    expect(query!.query).not.toContain('dev.demostudio.wordgarden');
    expect(query!.params).toEqual({ since: '20241026', app_id: 'dev.demostudio.wordgarden', platform: 'IOS' });
    expect(query!.maximumBytesBilled).toBe(String(1024 ** 3));
  });

  test('deploying: the permission check as a step, then the words of what to do; a credential lacking Develop Admin is named', async () => {
    const steps: string[] = [];
    const step = async (message: string) => void steps.push(message);
    await expect(
      provider.deployConversionFunction(
        subject('TP_SERVICE_ACCOUNT', PRODUCT_EMAIL),
        { ...target('demostudio-games'), eventNames: ['level_complete', 'in_app_purchase'] },
        step,
      ),
    ).rejects.toThrow(
      'Questboard cannot deploy the conversion function to demostudio-games by itself yet: deploy it by hand for in_app_purchase, level_complete',
    );
    expect(steps).toEqual([`Checking that ${PRODUCT_EMAIL} may deploy Cloud Functions in demostudio-games.`]);
    await expect(
      provider.deployConversionFunction(
        subject('TP_SERVICE_ACCOUNT', PRODUCT_EMAIL),
        { ...target('demostudio-analytics'), eventNames: ['level_complete'] },
        step,
      ),
    ).rejects.toThrow(
      `The credential ${PRODUCT_EMAIL} lacks Firebase Admin or Develop Admin in the GCP project demostudio-analytics.`,
    );
  });
});

describe('configuration', () => {
  test('GOOGLE_CLOUD=live needs the OAuth client and the product key; other values are refused; unset is the sandbox', () => {
    expect(googleCloudFromEnv({})).toBeUndefined();
    expect(googleCloudFromEnv({ GOOGLE_CLOUD: 'sandbox' })).toBeUndefined();
    expect(() => googleCloudFromEnv({ GOOGLE_CLOUD: 'on' })).toThrow(
      'GOOGLE_CLOUD must be "live" or "sandbox" (got "on").',
    );
    expect(() => googleCloudFromEnv({ GOOGLE_CLOUD: 'live', GOOGLE_OAUTH_CLIENT_ID: CLIENT_ID })).toThrow(
      'GOOGLE_CLOUD=live needs GOOGLE_OAUTH_CLIENT_SECRET, GOOGLE_CLOUD_SERVICE_ACCOUNT_KEY (or GOOGLE_APPLICATION_CREDENTIALS).',
    );
    expect(() =>
      googleCloudFromEnv({
        GOOGLE_CLOUD: 'live',
        GOOGLE_OAUTH_CLIENT_ID: 'abc',
        GOOGLE_OAUTH_CLIENT_SECRET: 's',
        GOOGLE_APPLICATION_CREDENTIALS: '/k.json',
      }),
    ).toThrow('GOOGLE_OAUTH_CLIENT_ID must be an OAuth client id');
    expect(
      googleCloudFromEnv({
        GOOGLE_CLOUD: 'LIVE',
        GOOGLE_OAUTH_CLIENT_ID: CLIENT_ID,
        GOOGLE_OAUTH_CLIENT_SECRET: 's',
        GOOGLE_APPLICATION_CREDENTIALS: '/keys/product.json',
      }),
    ).toEqual({ oauthClientId: CLIENT_ID, oauthClientSecret: 's', serviceAccountKeyFile: '/keys/product.json' });
  });

  test('the product key file is read and checked at start; the redirect URI follows PUBLIC_URL', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcloud-key-'));
    try {
      const keyFile = path.join(dir, 'key.json');
      fs.writeFileSync(keyFile, JSON.stringify({ type: 'authorized_user', client_id: 'x' }));
      const config = { oauthClientId: CLIENT_ID, oauthClientSecret: 's', serviceAccountKeyFile: keyFile };
      expect(() => googleCloudFromConfig(config, 'https://questboard.example.com')).toThrow(
        'is not a service account key',
      );
      fs.writeFileSync(
        keyFile,
        JSON.stringify({
          type: 'service_account',
          client_email: PRODUCT_EMAIL,
          private_key: PRIVATE_PEM,
          project_id: 'questboard-prod',
        }),
      );
      const live = googleCloudFromConfig(config, 'https://questboard.example.com/');
      expect(live.kind).toBe('google');
      expect(live.productServiceAccountEmail('any')).toBe(PRODUCT_EMAIL);
      expect(new URL(live.signIn!.consentUrl('v1.state')).searchParams.get('redirect_uri')).toBe(
        'https://questboard.example.com/api/oauth/callback',
      );
      expect(() =>
        googleCloudFromConfig(
          { ...config, serviceAccountKeyFile: path.join(dir, 'missing.json') },
          'https://q.example.com',
        ),
      ).toThrow('cannot read the service account key');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
