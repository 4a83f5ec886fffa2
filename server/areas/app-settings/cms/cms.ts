/**
 * CMS app details (docs/app-settings.md §Screens and routes Details tab, §Entities CMS app details, §Rules and limits CMS images, §API endpoints update CMS details): the store listing of
 * an app. Reading joins the app's title and icon; the update takes the texts, the kept screenshot URLs per slot and
 * the uploaded JPEGs. Every image is judged by its bytes (JPEG magic bytes FF D8 FF, at most 3 MB, dimensions from the
 * SOF marker within the slot's limit), never by name or claimed type; kept URLs must be this app's own stored images.
 * The files and the row are written in one transaction, so a refused save writes nothing. Genres and rating are read
 * only (first 4 genres kept by the codec).
 */
import {
  CMS_FILE_TOO_LARGE,
  CMS_FILE_TYPE_NOT_SUPPORTED,
  CMS_IMAGE_MAX_BYTES,
  SCREENSHOT_SLOTS,
  imageDimensionsError,
  keepGenres,
  type CmsAppDetails,
  type CmsDetailsUpdate,
  type CmsImageKind,
} from '../../../../src/contracts/cms';
import { inTransaction, type ServerContext } from '../../../context';
import { changesOf } from '../../../../src/contracts/domain-events';
import { emitAppSettingsChanged } from '../activity';
import { fileUrl, storeFile, type UploadedImage } from '../../files/index';
import { isJpeg, jpegDimensions } from '../../files/index';
import { invalid, notFound } from '../../../errors';
import { JsonTextList, writeJson } from '../../../db/json-column';

export async function getCmsDetails(ctx: ServerContext, appId: string): Promise<CmsAppDetails | null> {
  const app = await ctx.db
    .selectFrom('apps')
    .select(['app_name', 'image_file_id'])
    .where('id', '=', appId)
    .executeTakeFirst();
  if (!app) throw notFound('App');
  const row = await ctx.db.selectFrom('cms_app_details').selectAll().where('app_id', '=', appId).executeTakeFirst();
  if (!row) return null;
  return {
    id: appId,
    title: app.app_name,
    icon: fileUrl(app.image_file_id),
    rating: row.rating === null ? null : Number(row.rating),
    genres: keepGenres(row.genres),
    shortDescription: row.short_description,
    fullDescription: row.full_description,
    screenshots: row.screenshot_file_ids.map((id) => fileUrl(id)!),
    backgroundImage: fileUrl(row.background_file_id),
  };
}

/** docs/app-settings.md §Rules and limits checks of one uploaded image, on its bytes: a DomainError naming the field when refused. */
export function checkCmsImage(kind: CmsImageKind, image: UploadedImage, field: string): void {
  if (!isJpeg(image.bytes)) throw invalid(CMS_FILE_TYPE_NOT_SUPPORTED, [field]);
  if (image.bytes.length > CMS_IMAGE_MAX_BYTES) throw invalid(CMS_FILE_TOO_LARGE, [field]);
  const problem = imageDimensionsError(kind, jpegDimensions(image.bytes));
  if (problem) throw invalid(problem, [field]);
}

export interface CmsUpdateInput {
  data: CmsDetailsUpdate;
  screenshots?: UploadedImage[];
  backgroundImage?: UploadedImage;
}

export async function updateCmsDetails(ctx: ServerContext, appId: string, input: CmsUpdateInput): Promise<void> {
  const uploads = input.screenshots ?? [];
  uploads.forEach((image) => checkCmsImage('screenshot', image, 'screenshots'));
  if (input.backgroundImage) checkCmsImage('background', input.backgroundImage, 'backgroundImage');
  await inTransaction(ctx, async (tx) => {
    const app = await tx.db.selectFrom('apps').select(['id']).where('id', '=', appId).forUpdate().executeTakeFirst();
    if (!app) throw notFound('App');
    const row = await tx.db
      .selectFrom('cms_app_details')
      .selectAll()
      .where('app_id', '=', appId)
      .forUpdate()
      .executeTakeFirst();
    const ownIds = new Set([
      ...(row?.screenshot_file_ids ?? []),
      ...(row?.background_file_id ? [row.background_file_id] : []),
    ]);
    const keptId = (url: string, field: string) => {
      const id = [...ownIds].find((candidate) => fileUrl(candidate) === url);
      if (!id) throw invalid(`${field}: not an image of this app.`, [field]);
      return id;
    };
    const newIds = [];
    for (const image of uploads) newIds.push(await storeFile(tx, 'image/jpeg', image.bytes));
    const slots = input.data.screenshots ?? [];
    const screenshotIds: string[] = [];
    for (const url of slots) {
      const id = url === null ? newIds.shift() : keptId(url, 'screenshots');
      if (id) screenshotIds.push(id);
    }
    screenshotIds.push(...newIds);
    if (screenshotIds.length > SCREENSHOT_SLOTS)
      throw invalid(`screenshots: at most ${SCREENSHOT_SLOTS}.`, ['screenshots']);
    const backgroundId = input.backgroundImage
      ? await storeFile(tx, 'image/jpeg', input.backgroundImage.bytes)
      : input.data.backgroundImage === undefined
        ? (row?.background_file_id ?? null)
        : input.data.backgroundImage === null
          ? null
          : keptId(input.data.backgroundImage, 'backgroundImage');
    const values = {
      short_description: input.data.shortDescription,
      full_description: input.data.fullDescription,
      screenshot_file_ids: writeJson(JsonTextList, screenshotIds),
      background_file_id: backgroundId,
    };
    if (row) await tx.db.updateTable('cms_app_details').set(values).where('app_id', '=', appId).execute();
    else
      await tx.db
        .insertInto('cms_app_details')
        .values({ app_id: appId, rating: null, genres: writeJson(JsonTextList, []), ...values })
        .execute();
    // Images are named by count and kind, never by their stored ids.
    const shown = (d: {
      shortDescription: unknown;
      fullDescription: unknown;
      screenshots: string[];
      background: unknown;
    }) => ({
      shortDescription: d.shortDescription,
      fullDescription: d.fullDescription,
      screenshots: d.screenshots.length,
      backgroundImage: d.background ? 'set' : 'none',
    });
    const was = row
      ? shown({
          shortDescription: row.short_description,
          fullDescription: row.full_description,
          screenshots: row.screenshot_file_ids,
          background: row.background_file_id,
        })
      : null;
    const now = shown({
      shortDescription: values.short_description,
      fullDescription: values.full_description,
      screenshots: screenshotIds,
      background: backgroundId,
    });
    const changed = changesOf(was, now);
    const replaced =
      uploads.length > 0 || input.backgroundImage
        ? [{ field: 'images uploaded', before: null, after: uploads.length + (input.backgroundImage ? 1 : 0) }]
        : [];
    await emitAppSettingsChanged(tx, appId, 'details', [...changed, ...replaced]);
  });
}
