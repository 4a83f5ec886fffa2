/**
 * AppsFlyer test links behind a short link (README "Short test links"): the test link carries every parameter of the
 * attribution link (≈ 300 characters), too long for a QR code that a phone reads at 150 px and level H. Generate Link
 * stores it behind PUBLIC_URL/t/{code} for 7 days; the QR code holds that short link, and opening it answers a 302 to
 * the test link. The server builds the link from the app's own record (the same function as the browser), so a short
 * link can only ever point at the AppsFlyer domain: it is no open redirect.
 */
import { randomBytes } from 'node:crypto';
import {
  appsFlyerAppPath,
  appsFlyerTestLink,
  testLinkBase,
  TEST_LINK_PATH,
  TEST_LINK_TTL_DAYS,
  type TestLinkResponse,
} from '../../../../src/contracts/integrations';
import type { App } from '../../../../src/contracts/apps';
import type { ServerContext } from '../../../context';
import type { TestLinkTables } from './test-links.migrations';
import { conflict, notFound } from '../../../errors';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Expired rows are still answered 410 (not 404) for this long, then removed. */
const KEEP_EXPIRED_MS = 30 * DAY_MS;

const tables = (ctx: ServerContext) => ctx.db.withTables<TestLinkTables>();
/** 72 random bits in 12 URL-safe characters: short enough for a small QR code, far too many to guess in 7 days. */
const newCode = () => randomBytes(9).toString('base64url');
export const shortUrlOf = (ctx: ServerContext, code: string) =>
  `${ctx.config.publicUrl.replace(/\/+$/, '')}${TEST_LINK_PATH}${code}`;

export async function createTestLink(
  ctx: ServerContext,
  appId: string,
  accountId: string,
  advertisingId: string,
): Promise<TestLinkResponse> {
  const app = await ctx.db
    .selectFrom('apps')
    .select(['id', 'platform', 'details'])
    .where('id', '=', appId)
    .executeTakeFirst();
  if (!app) throw notFound('App');
  const details = (app.details ?? {}) as Partial<App>;
  const base = testLinkBase({
    id: app.id,
    platform: app.platform,
    appPath: appsFlyerAppPath({ platform: app.platform, ...details }),
  });
  if (!base) throw conflict("Add the app's store id in App Settings to generate its link.", 'no_app_path');
  const link = appsFlyerTestLink({ ...base, advertisingId });
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + TEST_LINK_TTL_DAYS * DAY_MS);
  const row = await tables(ctx)
    .insertInto('test_links')
    .values({ code: newCode(), app_id: appId, link, created_by: accountId, created_at: now, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['app_id', 'link']).doUpdateSet({ expires_at: expiresAt, created_by: accountId }))
    .returning('code')
    .executeTakeFirstOrThrow();
  await tables(ctx)
    .deleteFrom('test_links')
    .where('app_id', '=', appId)
    .where('expires_at', '<', new Date(now.getTime() - KEEP_EXPIRED_MS))
    .execute();
  return { success: true, link, shortUrl: shortUrlOf(ctx, row.code), expiresAt: expiresAt.getTime() };
}

export type OpenedTestLink = { kind: 'redirect'; link: string } | { kind: 'unknown' } | { kind: 'expired' };

export async function openTestLink(ctx: ServerContext, code: string): Promise<OpenedTestLink> {
  const row = await tables(ctx)
    .selectFrom('test_links')
    .select(['link', 'expires_at'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) return { kind: 'unknown' };
  if (new Date(row.expires_at).getTime() <= ctx.now().getTime()) return { kind: 'expired' };
  return { kind: 'redirect', link: row.link };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a phone shows for a short link that does not redirect (no script, so the strict CSP holds). */
export function testLinkPage(opened: Exclude<OpenedTestLink, { kind: 'redirect' }>): { status: number; html: string } {
  const [status, title, text] =
    opened.kind === 'expired'
      ? [
          410,
          'This test link has expired',
          `Test links work for ${TEST_LINK_TTL_DAYS} days. Generate a new link and QR code on the app's AppsFlyer tab in Questboard.`,
        ]
      : [
          404,
          'This test link does not exist',
          "Check that the whole link was copied, or generate a new link and QR code on the app's AppsFlyer tab in Questboard.",
        ];
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)} · Questboard</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`;
  return { status, html };
}
