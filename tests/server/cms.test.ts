/**
 * CMS app details (docs/app-settings.md §Entities CMS app details, §Rules and limits CMS images, §API endpoints update CMS details multipart data + screenshots +
 * backgroundImage, §Roles viewers): reading the seeded details, a save by an editor with four screenshots and a background,
 * each image judged by its bytes (magic bytes, 3 MB, SOF dimensions), and nothing written after a refusal.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_APP_IDS } from '../../server/demo/seed';
import { jpegDimensions } from '../../server/areas/files/jpeg';
import { bearer, createTestServer, signInDemo, type TestServer } from './helpers';
import { multipartForm, PNG_1PX, type FormPart } from './multipart-form';
import { jpegOf } from './jpeg-bytes';

let server: TestServer;
let tokens: Record<'admin' | 'editor' | 'viewer', string>;

beforeAll(async () => {
  server = await createTestServer();
  tokens = await signInDemo(server.app, ['admin', 'editor', 'viewer']);
});
afterAll(() => server?.close());

const APP = DEMO_APP_IDS.pixelRacer;
type File = { filename: string; contentType: string; data: Uint8Array };
const jpg = (data: Uint8Array, filename = 'shot.jpg'): File => ({ filename, contentType: 'image/jpeg', data });

function save(
  token: string,
  data: unknown,
  files: { screenshots?: File[]; backgroundImage?: File } = {},
  appId: string = APP,
) {
  const parts: FormPart[] = [{ name: 'data', value: JSON.stringify(data) }];
  for (const shot of files.screenshots ?? []) parts.push({ name: 'screenshots', ...shot });
  if (files.backgroundImage) parts.push({ name: 'backgroundImage', ...files.backgroundImage });
  const form = multipartForm(parts);
  return server.app.inject({
    method: 'POST',
    url: `/api/app/${appId}/details`,
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
  });
}
const read = (token = tokens.viewer, appId: string = APP) =>
  server.app.inject({ method: 'GET', url: `/api/app/${appId}/details`, headers: bearer(token) });
const row = () =>
  server.db.selectFrom('cms_app_details').selectAll().where('app_id', '=', APP).executeTakeFirstOrThrow();
const fileCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('JPEG dimensions from the SOF marker', () => {
  test('reads width and height; refuses other bytes', () => {
    expect(jpegDimensions(jpegOf(480, 640))).toEqual({ width: 480, height: 640 });
    expect(jpegDimensions(jpegOf(641, 360))).toEqual({ width: 641, height: 360 });
    expect(jpegDimensions(PNG_1PX)).toBeNull();
    expect(jpegDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });
});

describe('GET /api/app/:appId/details', () => {
  test('a viewer reads the seeded details with the app title and rating', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.title).toBe('Pixel Racer');
    expect(data.rating).toBe(3.94);
    expect(data.genres).toEqual(['Racing', 'Arcade']);
    expect(data.shortDescription).toBe('Retro arcade racing in pixel art.');
  });

  test('an app without details answers data null with the SPEC message', async () => {
    const res = await read(tokens.viewer, DEMO_APP_IDS.wordGarden);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: null, message: 'No details found for this app.' });
  });
});

describe('POST /api/app/:appId/details (docs/app-settings.md §API endpoints update CMS details)', () => {
  test('an editor saves texts, four screenshots and a background; a later save keeps and replaces by slot', async () => {
    const shots = [1, 2, 3, 4].map((n) => jpg(jpegOf(400 + n, 600)));
    const res = await save(
      tokens.editor,
      { shortDescription: 'New short', fullDescription: 'Line one\nLine two', screenshots: [] },
      {
        screenshots: shots,
        backgroundImage: jpg(jpegOf(640, 360), 'bg.jpg'),
      },
    );
    expect(res.statusCode).toBe(200);
    const data = (await read()).json().data;
    expect(data.shortDescription).toBe('New short');
    expect(data.fullDescription).toBe('Line one\nLine two');
    expect(data.screenshots).toHaveLength(4);
    expect(data.backgroundImage).toMatch(/^\/api\/files\//);
    const image = await server.app.inject({ method: 'GET', url: data.screenshots[1] });
    expect(image.statusCode).toBe(200);
    expect(jpegDimensions(image.rawPayload)).toEqual({ width: 402, height: 600 });

    // Replace slot 2, keep the others, remove the background.
    const slots = [data.screenshots[0], null, data.screenshots[2], data.screenshots[3]];
    const again = await save(
      tokens.admin,
      { shortDescription: 'New short', fullDescription: 'x', screenshots: slots, backgroundImage: null },
      {
        screenshots: [jpg(jpegOf(480, 640))],
      },
    );
    expect(again.statusCode).toBe(200);
    const after = (await read()).json().data;
    expect(after.screenshots[0]).toBe(data.screenshots[0]);
    expect(after.screenshots[1]).not.toBe(data.screenshots[1]);
    expect(after.screenshots[3]).toBe(data.screenshots[3]);
    expect(after.backgroundImage).toBeNull();
  });

  test('an app without details gets a row on its first save', async () => {
    const res = await save(
      tokens.editor,
      { shortDescription: 'Grow words', fullDescription: '' },
      {},
      DEMO_APP_IDS.wordGarden,
    );
    expect(res.statusCode).toBe(200);
    expect((await read(tokens.viewer, DEMO_APP_IDS.wordGarden)).json().data).toMatchObject({
      shortDescription: 'Grow words',
      rating: null,
      genres: [],
    });
  });

  test('a viewer is refused with 403 and nothing changes', async () => {
    const before = await row();
    const res = await save(tokens.viewer, { shortDescription: 'Viewer was here', fullDescription: '' });
    expect(res.statusCode).toBe(403);
    expect((await row()).short_description).toBe(before.short_description);
  });

  test.each([
    [
      'a PNG renamed .jpg',
      { screenshots: [jpg(PNG_1PX, 'shot.jpg')] },
      'File type not supported! Please upload a JPEG image.',
      400,
    ],
    [
      'a screenshot over 480 × 640',
      { screenshots: [jpg(jpegOf(481, 640))] },
      'Image must not exceed 480 × 640 pixels.',
      400,
    ],
    [
      'a background over 640 × 360',
      { backgroundImage: jpg(jpegOf(640, 361)) },
      'Image must not exceed 640 × 360 pixels.',
      400,
    ],
    [
      'a JPEG without a frame header',
      { screenshots: [jpg(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))] },
      'Invalid image file.',
      400,
    ],
  ] as [string, { screenshots?: File[]; backgroundImage?: File }, string, number][])(
    'refuses %s and writes nothing',
    async (_label, files, message, status) => {
      const before = await row();
      const filesBefore = await fileCount();
      const res = await save(
        tokens.editor,
        { shortDescription: 'Should not be saved', fullDescription: '', screenshots: [] },
        {
          screenshots: [jpg(jpegOf(100, 100)), ...(files.screenshots ?? [])],
          ...('backgroundImage' in files ? { backgroundImage: files.backgroundImage } : {}),
        },
      );
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
      expect((await row()).short_description).toBe(before.short_description);
      expect(await fileCount()).toBe(filesBefore);
    },
  );

  test('refuses a JPEG over 3 MB (413) and writes nothing', async () => {
    const before = await row();
    const res = await save(
      tokens.editor,
      { shortDescription: 'Should not be saved', fullDescription: '' },
      {
        screenshots: [jpg(jpegOf(400, 600, 3 * 1024 * 1024 + 10))],
      },
    );
    expect(res.statusCode).toBe(413);
    expect((await row()).short_description).toBe(before.short_description);
  });

  test('a kept URL that is not this app’s image is refused and the transaction writes nothing', async () => {
    const before = await row();
    const filesBefore = await fileCount();
    const res = await save(
      tokens.editor,
      { shortDescription: 'Should not be saved', fullDescription: '', screenshots: ['/api/files/someone-else', null] },
      {
        screenshots: [jpg(jpegOf(100, 100))],
      },
    );
    expect(res.statusCode).toBe(400);
    expect((await row()).short_description).toBe(before.short_description);
    expect(await fileCount()).toBe(filesBefore);
  });
});
