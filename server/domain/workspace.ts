/** Workspace create and update (SPEC §5 workspace rules, §8 messages). Multi-step writes run in one transaction. */
import type { Expression, ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forceHttps, isWebsite, ICON_TYPES, ICON_TYPE_MESSAGE, WorkspaceData } from '../../src/contracts/workspace';
import { decodeOrThrow, DecodeError } from '../../src/contracts/codecs';
import { newId } from '../auth/crypto';
import { badRequest } from '../http/errors';
import { parseJsonField, type MultipartBody } from '../http/multipart';
import { storeFile } from './files';
import { visibleTeamEmail } from './team';

/**
 * A workspace's `accounts` count as `viewerEmail` sees it: its members under the team list's own visibility rule
 * (hidden staff are not counted for customers), pending invites excluded (SPEC §6 "Team counts exclude pending
 * invites"). A subquery correlated with `workspaces.id` of the enclosing query.
 */
export function teamCount(eb: ExpressionBuilder<Database, 'workspaces'>, viewerEmail: string | Expression<string>, internalDomains: string[]) {
  return eb
    .selectFrom('memberships as team')
    .innerJoin('accounts as member', 'member.id', 'team.account_id')
    .select((count) => count.fn.countAll<string>().as('n'))
    .whereRef('team.workspace_id', '=', 'workspaces.id')
    .where(visibleTeamEmail('member.email', viewerEmail, internalDomains));
}

/** Decodes `data` and checks the optional `image` part by its bytes. */
export function readWorkspaceForm(body: MultipartBody) {
  let data: WorkspaceData;
  try {
    data = decodeOrThrow(WorkspaceData, parseJsonField(body.fields, 'data'));
  } catch (error) {
    if (error instanceof DecodeError) throw badRequest(`Invalid data: ${error.message}`, error.messages);
    throw error;
  }
  if (!isWebsite(data.website)) throw badRequest('website must be a valid URL', ['website']);
  const image = body.files.image;
  if (image && (!image.detectedType || !ICON_TYPES.includes(image.detectedType) || image.detectedType === 'image/webp')) {
    throw badRequest(ICON_TYPE_MESSAGE, ['image']);
  }
  return { name: data.name.trim(), website: forceHttps(data.website), image };
}

export async function createWorkspace(db: Kysely<Database>, accountId: string, form: ReturnType<typeof readWorkspaceForm>) {
  return db.transaction().execute(async (trx) => {
    const iconId = form.image ? await storeFile(trx, form.image.detectedType!, form.image.buffer) : null;
    const id = newId();
    await trx.insertInto('workspaces').values({ id, name: form.name, website: form.website, icon_file_id: iconId, allow_monetize: 0 }).execute();
    await trx.insertInto('memberships').values({ workspace_id: id, account_id: accountId, role: 'admin' }).execute();
    return id;
  });
}

export async function updateWorkspace(db: Kysely<Database>, workspaceId: string, form: ReturnType<typeof readWorkspaceForm>) {
  await db.transaction().execute(async (trx) => {
    const iconId = form.image ? await storeFile(trx, form.image.detectedType!, form.image.buffer) : undefined;
    await trx
      .updateTable('workspaces')
      .set({ name: form.name, website: form.website, ...(iconId ? { icon_file_id: iconId } : {}) })
      .where('id', '=', workspaceId)
      .execute();
  });
}
