/**
 * The checks every kind of saved question shares through the API (docs/analyze.md §Saved questions): an editor saves,
 * every member lists and opens, a viewer neither saves nor deletes, the reports list never shows it, a save with the id
 * renames and edits it, a row kept in an outdated form is refused in words, each change is in the activity log, and a
 * long title is refused in words.
 */
import { expect } from 'vitest';
import type { AnalyticsEngine } from '../../server/analytics/index';
import { DEMO_ACCOUNTS, markAnalyticsData } from '../../server/demo/seed';
import { call, createTestServer, signInAs, type TestServer } from './helpers';

/**
 * After a test's generated events are in `analytics`: the app's daily metrics rebuilt, a test server answering from
 * it with the app's Analyze data marked over `range`, and the three demo members signed in.
 */
export async function startQuestionServer(
  analytics: AnalyticsEngine,
  appId: string,
  range: { start: string; end: string },
): Promise<{ server: TestServer; admin: string; editor: string; viewer: string }> {
  await analytics.store.rebuildDailyUserMetrics(appId);
  const server = await createTestServer({ providers: { analytics } });
  await markAnalyticsData(server.db, range, new Date(), [appId]);
  const [admin, editor, viewer] = await Promise.all([
    signInAs(server.app, DEMO_ACCOUNTS.admin),
    signInAs(server.app, DEMO_ACCOUNTS.editor),
    signInAs(server.app, DEMO_ACCOUNTS.viewer),
  ]);
  return { server, admin, editor, viewer };
}

export interface SavedQuestionCase {
  server: TestServer;
  appId: string;
  /** 'cohorts' or 'funnels': the path below /api/app/{appId}/analyze/. */
  path: string;
  /** The key of the response: 'cohort' or 'funnel'. */
  key: string;
  tokens: { admin: string; editor: string; viewer: string };
  title: string;
  question: object;
  /** The question saved again under 'Renamed', and what its reopening matches. */
  edited: object;
  editedMatch: object;
  /** Other kinds' list paths that must not show it. */
  otherLists?: string[];
}

const TITLE_MESSAGE = 'The title must be at most 75 characters.';

export function saveQuestion(c: Pick<SavedQuestionCase, 'server' | 'appId' | 'path'>, token: string, body: object) {
  return call(c.server.app, token, {
    method: 'POST',
    url: `/api/app/${c.appId}/analyze/${c.path}`,
    payload: body as Record<string, unknown>,
  });
}

/** Saves, lists, opens, renames and deletes one question by role and reads the activity log it leaves. */
export async function checkSavedQuestionLifecycle(c: SavedQuestionCase): Promise<void> {
  const { server, appId, tokens } = c;
  const { admin, editor, viewer } = tokens;
  const base = `/api/app/${appId}/analyze/${c.path}`;
  expect((await saveQuestion(c, viewer, { title: c.title, question: c.question })).statusCode).toBe(403);
  const saved = await saveQuestion(c, editor, { title: `  ${c.title}  `, question: c.question });
  expect(saved.statusCode, saved.body).toBe(200);
  const summary = (saved.json() as Record<string, { id: string; title: string }>)[c.key]!;
  expect(summary.title).toBe(c.title);
  const url = `${base}/${summary.id}`;

  const list = await call(server.app, viewer, { method: 'GET', url: base });
  expect((list.json() as Record<string, { id: string }[]>)[`${c.key}s`]!.map((q) => q.id)).toContain(summary.id);
  expect((await call(server.app, viewer, { method: 'GET', url })).json()).toMatchObject({
    [c.key]: { id: summary.id, title: c.title, question: c.question },
  });
  const reports = await call(server.app, viewer, { method: 'GET', url: `/analytics/template/${appId}` });
  expect(reports.body).not.toContain(summary.id);
  const asReport = await call(server.app, viewer, { method: 'GET', url: `/analytics/template/${appId}/${summary.id}` });
  expect(asReport.statusCode).toBe(404);
  for (const other of c.otherLists ?? []) {
    const res = await call(server.app, viewer, { method: 'GET', url: `/api/app/${appId}/analyze/${other}` });
    expect(res.body).not.toContain(summary.id);
  }

  const renamed = await saveQuestion(c, admin, { id: summary.id, title: 'Renamed', question: c.edited });
  expect(renamed.statusCode).toBe(200);
  expect((await call(server.app, viewer, { method: 'GET', url })).json()).toMatchObject({
    [c.key]: { title: 'Renamed', question: c.editedMatch },
  });

  // A row kept under an older contract is refused in words (409), never handed to the page half-understood.
  const kept = await server.db
    .selectFrom('report_templates')
    .select('configuration')
    .where('id', '=', summary.id)
    .executeTakeFirstOrThrow();
  await server.db
    .updateTable('report_templates')
    .set({ configuration: JSON.stringify({ shape: 'from an older version' }) })
    .where('id', '=', summary.id)
    .execute();
  const outdated = await call(server.app, viewer, { method: 'GET', url });
  expect(outdated.statusCode).toBe(409);
  expect((outdated.json() as { message: string }).message).toMatch(/was kept in a form this version cannot open/);
  await server.db
    .updateTable('report_templates')
    .set({ configuration: JSON.stringify(kept.configuration) })
    .where('id', '=', summary.id)
    .execute();

  expect((await call(server.app, viewer, { method: 'DELETE', url })).statusCode).toBe(403);
  expect((await call(server.app, editor, { method: 'DELETE', url })).statusCode).toBe(200);
  expect((await call(server.app, viewer, { method: 'GET', url })).statusCode).toBe(404);

  // Saving, renaming and deleting are in the activity log, as a report's are.
  const logged = await server.db
    .selectFrom('activity')
    .select(['verb', 'object_name'])
    .where('object_id', '=', summary.id)
    .orderBy('id')
    .execute();
  expect(logged).toEqual([
    { verb: 'report.saved', object_name: c.title },
    { verb: 'report.saved', object_name: 'Renamed' },
    { verb: 'report.deleted', object_name: 'Renamed' },
  ]);
}

/** A question that would not run is not saved (400); a title over 75 characters is refused in words. */
export async function checkSaveRefusals(
  c: Pick<SavedQuestionCase, 'server' | 'appId' | 'path' | 'question'> & { editor: string; unrunnable: object },
): Promise<void> {
  const refused = await saveQuestion(c, c.editor, { title: 'Would not run', question: c.unrunnable });
  expect(refused.statusCode).toBe(400);
  const long = await saveQuestion(c, c.editor, { title: 'x'.repeat(76), question: c.question });
  expect(long.statusCode).toBe(400);
  expect((long.json() as { message: string }).message).toBe(TITLE_MESSAGE);
}
