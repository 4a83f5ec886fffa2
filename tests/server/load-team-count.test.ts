/**
 * docs/architecture.md §6: a workspace's `accounts` count is what its team list shows the viewer — hidden Questboard staff are
 * not counted for customers, pending invites never (docs/team.md §Roles "Team counts exclude pending invites") — on
 * GET /api/workspace/{id} and in /api/me alike.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import type { Account } from '../../src/contracts/auth';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await createTestServer();
  for (const who of ['admin', 'viewer', 'staff'] as const) tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
});
afterAll(() => server?.close());

const get = (token: string, url: string) => server.app.inject({ method: 'GET', url, headers: bearer(token) });
const workspaceCount = async (token: string) =>
  (await get(token, `/api/workspace/${DEMO_WORKSPACE_ID}`)).json().data.accounts as number;
const meCount = async (token: string) =>
  ((await get(token, '/api/me')).json() as Account).organisations?.find((o) => o.id === DEMO_WORKSPACE_ID)?.accounts;
const teamMembers = async (token: string) =>
  ((await get(token, `/api/workspace/${DEMO_WORKSPACE_ID}/team`)).json().accounts as Account[]).filter(
    (row) => !row.invitePending,
  );

describe('the workspace account count', () => {
  test("a viewer's count is the team list's members: 3, not the 4 memberships (staff hidden)", async () => {
    const shown = await teamMembers(tokens.viewer!);
    expect(shown.map((row) => row.workEmail)).not.toContain(DEMO_ACCOUNTS.staff);
    expect(shown).toHaveLength(3);
    expect(await workspaceCount(tokens.viewer!)).toBe(3);
    expect(await meCount(tokens.viewer!)).toBe(3);
  });

  test('staff see themselves counted, as their team list shows them', async () => {
    expect(await teamMembers(tokens.staff!)).toHaveLength(4);
    expect(await workspaceCount(tokens.staff!)).toBe(4);
    expect(await meCount(tokens.staff!)).toBe(4);
  });

  test('a new pending invite does not change the count', async () => {
    const before = await workspaceCount(tokens.admin!);
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/workspace/${DEMO_WORKSPACE_ID}/team/invite`,
      headers: bearer(tokens.admin!),
      payload: { email: 'count.check@example.com', role: 'viewer' },
    });
    expect(res.statusCode).toBe(200);
    expect(await workspaceCount(tokens.admin!)).toBe(before);
    expect(await meCount(tokens.admin!)).toBe(before);
  });
});
