/**
 * Workspaces (docs/workspace.md §Rules and limits workspace rules, §Roles rename by admins only, §API endpoints multipart create/update, §Messages messages): create with
 * `data` JSON + optional icon, the icon limit and type checked by bytes, membership of the creator, update by role,
 * 404 for other workspaces, and no half-written rows when a create fails.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { DEMO_WORKSPACE_ID, RIVAL_WORKSPACE_ID } from '../../server/demo/seed';
import type { Account } from '../../src/contracts/auth';
import { bearer, createTestServer, signInDemo, type TestServer } from './helpers';
import {
  GIF_1PX,
  JPEG_HEAD,
  PNG_1PX,
  WEBP_HEAD,
  gifHeaderOf,
  pngHeaderOf,
  pngOfSize,
  workspaceForm,
} from './multipart-form';
import { jpegOf } from './jpeg-bytes';

const MISSING_ROLE = 'access_missing_role_for_action'; // docs/workspace.md §Roles
const ONLY_ADMINS_RENAME =
  'Only administrators can change the workspace name. Please contact your administrator for assistance.'; // docs/workspace.md §Roles
const FILE_TOO_LARGE = 'File is too large!';
const ICON_TYPE_MESSAGE = 'Icon must be a PNG, JPG or GIF image.';
const ICON_MAX_BYTES = 3145728; // docs/workspace.md §Rules and limits: icon limit

let server: TestServer;
let tokens: Record<'admin' | 'editor' | 'viewer' | 'rival', string>;

beforeAll(async () => {
  server = await createTestServer();
  tokens = await signInDemo(server.app, ['admin', 'editor', 'viewer', 'rival']);
});
afterAll(() => server?.close());

const create = (token: string, form: ReturnType<typeof workspaceForm>) =>
  server.app.inject({
    method: 'POST',
    url: '/api/workspace',
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
  });
const update = (token: string, workspaceId: string, form: ReturnType<typeof workspaceForm>) =>
  server.app.inject({
    method: 'POST',
    url: `/api/workspace/${workspaceId}`,
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
  });
const me = async (token: string) =>
  (await server.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).json() as Account;

async function counts() {
  const count = async (table: 'workspaces' | 'files' | 'memberships') =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    workspaces: await count('workspaces'),
    files: await count('files'),
    memberships: await count('memberships'),
  };
}
const workspaceRow = (id: string) =>
  server.db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();

describe('POST /api/workspace (create)', () => {
  test('creates the workspace with its icon; website forced to https://; creator becomes admin and sees it in /api/me', async () => {
    const res = await create(
      tokens.editor,
      workspaceForm(
        { name: '  Moon Forge  ', website: 'moonforge.dev' },
        { filename: 'icon.png', contentType: 'image/png', data: PNG_1PX },
      ),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Workspace created successfully.' });
    const id = body.data.id as string;
    expect(id).toBeTruthy();

    const row = await workspaceRow(id);
    expect(row).toMatchObject({ name: 'Moon Forge', website: 'https://moonforge.dev', allow_monetize: 0 });
    const membership = await server.db
      .selectFrom('memberships')
      .select(['account_id', 'role'])
      .where('workspace_id', '=', id)
      .execute();
    expect(membership).toHaveLength(1);
    expect(membership[0]!.role).toBe('admin');

    const organisation = (await me(tokens.editor)).organisations?.find((o) => o.id === id);
    expect(organisation).toMatchObject({
      name: 'Moon Forge',
      website: 'https://moonforge.dev',
      role: 'admin',
      accounts: 1,
      apps: [],
    });
    // The icon is served back byte for byte with the type detected from its content.
    expect(organisation!.icon).toMatch(/^\/api\/files\/.+/);
    const icon = await server.app.inject({ method: 'GET', url: organisation!.icon! });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(icon.rawPayload, PNG_1PX)).toBe(0);
    // Nobody else sees it.
    expect((await me(tokens.admin)).organisations?.map((o) => o.id)).not.toContain(id);
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/workspace/${id}`, headers: bearer(tokens.admin) }))
        .statusCode,
    ).toBe(404);
  });

  test.each([
    ['http://plain.dev', 'https://plain.dev'],
    ['https://secure.dev/path', 'https://secure.dev/path'],
    ['HTTP://Upper.dev', 'https://upper.dev'],
    ['//slashes.dev', 'https://slashes.dev'],
    ['https:////four-slashes.dev/', 'https://four-slashes.dev'],
  ])('website %s is stored as %s; no icon is fine', async (website, stored) => {
    const res = await create(tokens.admin, workspaceForm({ name: 'Https Studio', website }));
    expect(res.statusCode).toBe(201);
    const row = await workspaceRow(res.json().data.id);
    expect(row?.website).toBe(stored);
    expect(row?.icon_file_id).toBeNull();
  });

  test.each([
    ['gif', 'image/gif', GIF_1PX],
    ['jpg', 'image/jpeg', JPEG_HEAD],
  ] as const)('a %s icon is accepted', async (extension, type, data) => {
    const res = await create(
      tokens.admin,
      workspaceForm(
        { name: `Icon ${extension}`, website: 'icons.dev' },
        { filename: `icon.${extension}`, contentType: type, data },
      ),
    );
    expect(res.statusCode).toBe(201);
    const row = await workspaceRow(res.json().data.id);
    const file = await server.db
      .selectFrom('files')
      .select('content_type')
      .where('id', '=', row!.icon_file_id!)
      .executeTakeFirstOrThrow();
    expect(file.content_type).toBe(type);
  });

  test('a missing or blank name answers 400 naming the field', async () => {
    for (const data of [
      { website: 'noname.dev' },
      { name: '', website: 'noname.dev' },
      { name: '   ', website: 'noname.dev' },
    ]) {
      const before = await counts();
      const res = await create(tokens.admin, workspaceForm(data));
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(/\bname\b/);
      expect(await counts()).toEqual(before);
    }
  });

  test('an invalid or missing website answers 400 naming the field', async () => {
    for (const data of [
      { name: 'Bad Site', website: 'not a url' },
      { name: 'Bad Site', website: '' },
      { name: 'Bad Site', website: 'localhost' },
      { name: 'Bad Site' },
    ]) {
      const before = await counts();
      const res = await create(tokens.admin, workspaceForm(data));
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().message).toMatch(/website/i);
      expect(res.json().fields?.at(-1)).toMatch(/website$/);
      expect(await counts()).toEqual(before);
    }
  });

  test(`an icon of exactly ${ICON_MAX_BYTES} bytes is accepted`, async () => {
    const res = await create(
      tokens.admin,
      workspaceForm(
        { name: 'Big Icon', website: 'bigicon.dev' },
        { filename: 'big.png', contentType: 'image/png', data: pngOfSize(ICON_MAX_BYTES) },
      ),
    );
    expect(res.statusCode).toBe(201);
  });

  test(`an icon over ${ICON_MAX_BYTES} bytes answers 413 '${FILE_TOO_LARGE}' and writes nothing`, async () => {
    const before = await counts();
    const res = await create(
      tokens.admin,
      workspaceForm(
        { name: 'Too Big Icon', website: 'toobig.dev' },
        { filename: 'big.png', contentType: 'image/png', data: pngOfSize(ICON_MAX_BYTES + 1) },
      ),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: FILE_TOO_LARGE });
    expect(await counts()).toEqual(before);
    expect(await server.db.selectFrom('workspaces').select('id').where('name', '=', 'Too Big Icon').execute()).toEqual(
      [],
    );
  });

  test.each([
    ['a JPEG whose header claims 20000 × 20000', 'huge.jpg', 'image/jpeg', jpegOf(20_000, 20_000)],
    ['a PNG 1025 pixels wide', 'wide.png', 'image/png', pngHeaderOf(1025, 10)],
    ['a GIF 2000 pixels tall', 'tall.gif', 'image/gif', gifHeaderOf(10, 2000)],
  ])(
    '%s as icon answers 400 naming the pixel limit and writes nothing (create and update)',
    async (_label, filename, contentType, data) => {
      const before = await counts();
      const created = await create(
        tokens.admin,
        workspaceForm({ name: 'Huge Icon', website: 'hugeicon.dev' }, { filename, contentType, data }),
      );
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({
        success: false,
        message: 'Icon must not exceed 1024 × 1024 pixels.',
        fields: ['image'],
      });
      const updated = await update(
        tokens.admin,
        DEMO_WORKSPACE_ID,
        workspaceForm({ name: 'Demo Studio', website: 'demostudio.dev' }, { filename, contentType, data }),
      );
      expect(updated.statusCode).toBe(400);
      expect(updated.json().message).toBe('Icon must not exceed 1024 × 1024 pixels.');
      expect(await counts()).toEqual(before);
    },
  );

  test('an icon of exactly 1024 × 1024 pixels is accepted; a PNG signature without its header is not an image', async () => {
    expect(
      (
        await create(
          tokens.admin,
          workspaceForm(
            { name: 'Square Icon', website: 'squareicon.dev' },
            { filename: 'sq.jpg', contentType: 'image/jpeg', data: jpegOf(1024, 1024) },
          ),
        )
      ).statusCode,
    ).toBe(201);
    const cut = await create(
      tokens.admin,
      workspaceForm(
        { name: 'Cut Icon', website: 'cuticon.dev' },
        { filename: 'cut.png', contentType: 'image/png', data: PNG_1PX.subarray(0, 12) },
      ),
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe('Invalid image file.');
  });

  test.each([
    ['a text file named .png', 'notes.png', 'image/png', Buffer.from('this is not an image, whatever its name says')],
    ['an SVG', 'icon.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a WebP', 'icon.webp', 'image/webp', WEBP_HEAD],
  ])('%s as icon answers 400 and writes nothing', async (_label, filename, contentType, data) => {
    const before = await counts();
    const res = await create(
      tokens.admin,
      workspaceForm({ name: 'Wrong Icon', website: 'wrongicon.dev' }, { filename, contentType, data }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: ICON_TYPE_MESSAGE });
    expect(await counts()).toEqual(before);
  });

  test('anonymous callers get 401 and nothing is written', async () => {
    const before = await counts();
    const form = workspaceForm({ name: 'Anon', website: 'anon.dev' });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/workspace',
      headers: form.headers,
      payload: form.payload,
    });
    expect(res.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  test('nothing half-written: a failure after the icon and workspace rows rolls both back', async () => {
    // Make the last step of the create (the creator's membership) fail for one workspace name.
    await sql
      .raw(
        `CREATE FUNCTION qb_test_fail_membership() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF (SELECT name FROM workspaces WHERE id = NEW.workspace_id) = 'Half Written Studio' THEN
            RAISE EXCEPTION 'qb-test: simulated failure after the workspace row';
          END IF;
          RETURN NEW;
        END $$`,
      )
      .execute(server.db);
    await sql
      .raw(
        'CREATE TRIGGER qb_test_fail_membership BEFORE INSERT ON memberships FOR EACH ROW EXECUTE FUNCTION qb_test_fail_membership()',
      )
      .execute(server.db);
    try {
      const before = await counts();
      const res = await create(
        tokens.admin,
        workspaceForm(
          { name: 'Half Written Studio', website: 'half.dev' },
          { filename: 'icon.png', contentType: 'image/png', data: PNG_1PX },
        ),
      );
      expect(res.statusCode).toBe(500);
      expect(res.json().success).toBe(false);
      expect(res.body).not.toContain('qb-test');
      expect(await counts()).toEqual(before);
      expect(
        await server.db.selectFrom('workspaces').select('id').where('name', '=', 'Half Written Studio').execute(),
      ).toEqual([]);
    } finally {
      await sql.raw('DROP TRIGGER qb_test_fail_membership ON memberships').execute(server.db);
      await sql.raw('DROP FUNCTION qb_test_fail_membership()').execute(server.db);
    }
  });
});

describe('GET /api/workspace/:workspaceId', () => {
  test('members read it with their role; non-members and unknown ids get 404', async () => {
    const ok = await server.app.inject({
      method: 'GET',
      url: `/api/workspace/${DEMO_WORKSPACE_ID}`,
      headers: bearer(tokens.viewer),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      id: DEMO_WORKSPACE_ID,
      name: 'Demo Studio',
      role: 'viewer',
      allowMonetize: 1,
    });

    const rival = await server.app.inject({
      method: 'GET',
      url: `/api/workspace/${RIVAL_WORKSPACE_ID}`,
      headers: bearer(tokens.admin),
    });
    expect(rival.statusCode).toBe(404);
    expect(rival.json()).toMatchObject({ success: false, code: 'not_found' });
    expect(rival.body).not.toContain('Rival Games');
    const unknown = await server.app.inject({
      method: 'GET',
      url: '/api/workspace/no-such-workspace',
      headers: bearer(tokens.admin),
    });
    expect(unknown.statusCode).toBe(404);
    // Another workspace's id and an unknown id are indistinguishable.
    expect(unknown.json()).toEqual(rival.json());
    const theOtherWay = await server.app.inject({
      method: 'GET',
      url: `/api/workspace/${DEMO_WORKSPACE_ID}`,
      headers: bearer(tokens.rival),
    });
    expect(theOtherWay.statusCode).toBe(404);
  });
});

describe('POST /api/workspace/:workspaceId (update)', () => {
  test.each(['editor', 'viewer'] as const)(
    'a %s gets 403 access_missing_role_for_action with the SPEC message; nothing changes',
    async (who) => {
      const before = await workspaceRow(DEMO_WORKSPACE_ID);
      const res = await update(
        tokens[who],
        DEMO_WORKSPACE_ID,
        workspaceForm({ name: `Renamed by ${who}`, website: 'demostudio.dev' }),
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, code: MISSING_ROLE, message: ONLY_ADMINS_RENAME });
      expect(await workspaceRow(DEMO_WORKSPACE_ID)).toEqual(before);
    },
  );

  test('a non-member gets 404 and nothing changes', async () => {
    const before = await workspaceRow(RIVAL_WORKSPACE_ID);
    const res = await update(
      tokens.admin,
      RIVAL_WORKSPACE_ID,
      workspaceForm({ name: 'Hijacked', website: 'hijack.dev' }),
    );
    expect(res.statusCode).toBe(404);
    expect(await workspaceRow(RIVAL_WORKSPACE_ID)).toEqual(before);
  });

  test('an invalid update answers 400 and nothing changes', async () => {
    const before = await workspaceRow(DEMO_WORKSPACE_ID);
    const res = await update(tokens.admin, DEMO_WORKSPACE_ID, workspaceForm({ name: '', website: 'demostudio.dev' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/\bname\b/);
    const tooBig = await update(
      tokens.admin,
      DEMO_WORKSPACE_ID,
      workspaceForm(
        { name: 'Big', website: 'demostudio.dev' },
        { filename: 'x.png', contentType: 'image/png', data: pngOfSize(ICON_MAX_BYTES + 1) },
      ),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(FILE_TOO_LARGE);
    expect(await workspaceRow(DEMO_WORKSPACE_ID)).toEqual(before);
  });

  test.each([
    ['ftp://demostudio.dev', 'Website must be a web address (https://): ftp addresses are not supported.'],
    ['demo studio.dev', 'A website address cannot contain spaces.'],
    ['mailto:hello@demostudio.dev', 'Website must be a web address (https://): mailto addresses are not supported.'],
  ])('website %s is refused with a message for the field, and nothing changes', async (website, message) => {
    const before = await workspaceRow(DEMO_WORKSPACE_ID);
    const res = await update(tokens.admin, DEMO_WORKSPACE_ID, workspaceForm({ name: 'Demo Studio', website }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, fields: ['website'] });
    expect(await workspaceRow(DEMO_WORKSPACE_ID)).toEqual(before);
  });

  test('an update answers the values as stored, so the form can show them', async () => {
    const res = await update(
      tokens.admin,
      DEMO_WORKSPACE_ID,
      workspaceForm({ name: '  Demo Studio  ', website: '//demostudio.dev' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: DEMO_WORKSPACE_ID, name: 'Demo Studio', website: 'https://demostudio.dev' });
    expect(await workspaceRow(DEMO_WORKSPACE_ID)).toMatchObject({
      name: 'Demo Studio',
      website: 'https://demostudio.dev',
    });
  });

  test('the settings icon is judged by its bytes, not its name: a text file named .png is refused, a GIF named .txt is kept as a GIF', async () => {
    const before = await workspaceRow(DEMO_WORKSPACE_ID);
    const text = await update(
      tokens.admin,
      DEMO_WORKSPACE_ID,
      workspaceForm(
        { name: 'Demo Studio', website: 'demostudio.dev' },
        { filename: 'icon.png', contentType: 'image/png', data: Buffer.from('plain text, not a picture') },
      ),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ message: ICON_TYPE_MESSAGE, fields: ['image'] });
    expect(await workspaceRow(DEMO_WORKSPACE_ID)).toEqual(before);
    const gif = await update(
      tokens.admin,
      DEMO_WORKSPACE_ID,
      workspaceForm(
        { name: 'Demo Studio', website: 'demostudio.dev' },
        { filename: 'icon.txt', contentType: 'text/plain', data: GIF_1PX },
      ),
    );
    expect(gif.statusCode).toBe(200);
    const after = await workspaceRow(DEMO_WORKSPACE_ID);
    const file = await server.db
      .selectFrom('files')
      .select('content_type')
      .where('id', '=', after!.icon_file_id!)
      .executeTakeFirstOrThrow();
    expect(file.content_type).toBe('image/gif');
  });

  test('an admin renames it (website forced to https://) and replaces the icon; members see the change', async () => {
    const before = await workspaceRow(DEMO_WORKSPACE_ID);
    const renamed = await update(
      tokens.admin,
      DEMO_WORKSPACE_ID,
      workspaceForm({ id: DEMO_WORKSPACE_ID, name: 'Demo Studio Renamed', website: 'http://demostudio.example' }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({
      success: true,
      message: 'Workspace updated successfully.',
      data: { id: DEMO_WORKSPACE_ID, name: 'Demo Studio Renamed', website: 'https://demostudio.example' },
    });
    const afterRename = await workspaceRow(DEMO_WORKSPACE_ID);
    expect(afterRename).toMatchObject({
      name: 'Demo Studio Renamed',
      website: 'https://demostudio.example',
      icon_file_id: before!.icon_file_id,
    });

    const withIcon = await update(
      tokens.admin,
      DEMO_WORKSPACE_ID,
      workspaceForm(
        { name: 'Demo Studio', website: 'demostudio.dev' },
        { filename: 'new.gif', contentType: 'image/gif', data: GIF_1PX },
      ),
    );
    expect(withIcon.statusCode).toBe(200);
    const afterIcon = await workspaceRow(DEMO_WORKSPACE_ID);
    expect(afterIcon!.icon_file_id).not.toBe(before!.icon_file_id);
    const seenByViewer = (await me(tokens.viewer)).organisations?.find((o) => o.id === DEMO_WORKSPACE_ID);
    expect(seenByViewer).toMatchObject({
      name: 'Demo Studio',
      website: 'https://demostudio.dev',
      icon: `/api/files/${afterIcon!.icon_file_id}`,
    });
  });
});
