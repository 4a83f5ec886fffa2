/** Uploaded images (workspace icons, app images) stored as rows; served by unguessable id at /api/files/{id}. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../auth/crypto';

export const fileUrl = (id: string | null | undefined) => (id ? `/api/files/${id}` : null);

export async function storeFile(db: Kysely<Database>, contentType: string, bytes: Uint8Array): Promise<string> {
  const id = newId();
  await db.insertInto('files').values({ id, content_type: contentType, bytes }).execute();
  return id;
}
