/**
 * Regression: adding the product's service account is an INSERT … ON CONFLICT on the partial unique index
 * credentials_one_product. PostgreSQL switches a statement run often to a generic plan, where a bound value in the
 * conflict target's WHERE no longer implies the index's predicate and the insert fails ("no unique or exclusion
 * constraint matching the ON CONFLICT specification"); so the predicate is written as a literal. Ten workspaces in a
 * row, each twice, must all get their one credential.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/demo/seed';
import { call, createTestServer, signInAs, type TestServer } from './helpers';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await createTestServer({});
  admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
});
afterAll(() => server?.close());

test("the product service account can be added in workspace after workspace (past PostgreSQL's generic plans)", async () => {
  const account = await server.db
    .selectFrom('accounts')
    .select('id')
    .where('email', '=', DEMO_ACCOUNTS.admin)
    .executeTakeFirstOrThrow();
  for (let i = 0; i < 10; i++) {
    const workspaceId = `repeat-${i}`;
    await server.db
      .insertInto('workspaces')
      .values({
        id: workspaceId,
        name: `Repeat ${i}`,
        website: `repeat-${i}.example.com`,
        icon_file_id: null,
        allow_monetize: 0,
      })
      .execute();
    await server.db
      .insertInto('memberships')
      .values({ workspace_id: workspaceId, account_id: account.id, role: 'admin' })
      .execute();
    await server.db
      .insertInto('apps')
      .values({
        id: `${workspaceId}-app`,
        workspace_id: workspaceId,
        app_name: 'Repeat',
        platform: 'android',
        enabled: true,
        image_file_id: null,
        details: '{}' as never,
      })
      .execute();
    const first = await call(server.app, admin, {
      method: 'POST',
      url: `/api/app/${workspaceId}-app/credentials/product`,
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await call(server.app, admin, {
      method: 'POST',
      url: `/api/app/${workspaceId}-app/credentials/product`,
    });
    expect(again.json().credential.id).toBe(first.json().credential.id);
  }
  expect(
    await server.db.selectFrom('credentials').select('id').where('workspace_id', 'like', 'repeat-%').execute(),
  ).toHaveLength(10);
});
