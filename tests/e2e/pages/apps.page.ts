/**
 * The apps page (docs/apps.md §Screens and routes Apps) and its New App modal (src/views/apps/AddAppModal.tsx): the three steps of the modal
 * by their titles, and a throwaway workspace of the test's own (created through the API) where a flow adds apps, so
 * Demo Studio stays as seeded for every other spec.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Modal } from './modal';
import { appsPath, unique } from './demo';

/** A 1×1 PNG (real magic bytes) for icon pickers. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A run-unique name of letters only (workspace names refuse digits in some checks). */
export const letters = (prefix: string) =>
  `${prefix} ${unique('x')
    .replace(/[^0-9]/g, '')
    .slice(-9)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

/** A workspace of the signed-in user's own (its admin), created through the API. */
export async function throwawayWorkspace(
  request: APIRequestContext,
  token: string,
  name = letters('Paths Studio'),
  website = `${unique('site')}.example.com`,
) {
  const res = await request.post('/api/workspace', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { data: JSON.stringify({ name, website }) },
  });
  expect(res.status(), 'a throwaway workspace').toBe(201);
  return { id: ((await res.json()) as { data: { id: string } }).data.id, name };
}

export class AppsPage {
  readonly search: Modal;
  readonly byUrl: Modal;
  readonly review: Modal;

  constructor(
    readonly page: Page,
    readonly workspaceId: string,
  ) {
    this.search = new Modal(page, 'Add New App');
    this.byUrl = new Modal(page, 'Add App by Store URL');
    this.review = new Modal(page, 'Review App');
  }

  goto() {
    return this.page.goto(appsPath(this.workspaceId));
  }

  get newAppButton() {
    return this.page.getByRole('button', { name: 'New App', exact: true });
  }

  card(appId: string) {
    return this.page.getByTestId(`app-card-${appId}`);
  }

  get searchBox() {
    return this.search.root.getByPlaceholder('Enter app name (minimum 3 characters)');
  }

  get urlField() {
    return this.byUrl.root.getByLabel('Store URL', { exact: true });
  }

  async expectNoModal() {
    await this.search.expectClosed();
    await this.byUrl.expectClosed();
    await this.review.expectClosed();
  }
}

/** Adds an Android app to a workspace through the API (docs/apps.md §API endpoints create app); returns its id. */
export async function appByApi(request: APIRequestContext, token: string, workspaceId: string, appName: string) {
  const res = await request.post(`/api/workspace/${workspaceId}/apps`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      data: JSON.stringify({
        appName,
        platform: 'android',
        googlePackageName: `dev.paths.${unique('app').replace(/[^a-z0-9]/gi, '')}`,
      }),
      organisationId: workspaceId,
    },
  });
  expect(res.status(), `create ${appName}: ${await res.text()}`).toBeLessThan(300);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** Sets an app's 'Show on Questboard App' through the API (docs/apps.md §API endpoints POST /app/enable/{appId}), as another admin would. */
export async function enableByApi(request: APIRequestContext, token: string, appId: string, enabled: boolean) {
  const res = await request.post(`/api/app/enable/${appId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { enabled },
  });
  expect(res.status(), `enable ${appId}`).toBe(200);
}

/** One app card's options popover and its 'Show on Questboard App' switch (src/views/apps/AppVisibility.tsx). */
export class AppCard {
  constructor(
    readonly page: Page,
    readonly appId: string,
  ) {}

  get root() {
    return this.page.getByTestId(`app-card-${this.appId}`);
  }

  get options() {
    return this.root.getByRole('button', { name: /^Options for / });
  }

  get toggle() {
    return this.page.getByRole('switch', { name: 'Show on Questboard App' });
  }

  async openOptions() {
    if ((await this.options.getAttribute('aria-expanded')) !== 'true') await this.options.click();
    await expect(this.toggle).toBeVisible();
  }
}
