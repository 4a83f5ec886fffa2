/** Uploaded images (workspace icons, app images) stored as rows; served by unguessable id (filesEndpoints.get). */
import { pathOf } from '../../../src/contracts/endpoint';
import { filesEndpoints } from '../../../src/contracts/files';
import { newId } from '../../auth/crypto';
import type { ServerContext } from '../../context';
import { notFound } from '../../errors';

/** An uploaded file as the domain receives it: its bytes and the type detected from them (null: not an image). */
export interface UploadedImage {
  bytes: Uint8Array;
  detectedType: string | null;
}

export const fileUrl = (id: string | null | undefined) => (id ? pathOf(filesEndpoints.get, { id }) : null);

export async function storeFile(
  ctx: Pick<ServerContext, 'db'>,
  contentType: string,
  bytes: Uint8Array,
): Promise<string> {
  const id = newId();
  await ctx.db.insertInto('files').values({ id, content_type: contentType, bytes }).execute();
  return id;
}

export async function readFile(ctx: ServerContext, id: string): Promise<{ contentType: string; bytes: Uint8Array }> {
  const file = await ctx.db
    .selectFrom('files')
    .select(['content_type', 'bytes'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!file) throw notFound('File');
  return { contentType: file.content_type, bytes: file.bytes };
}
