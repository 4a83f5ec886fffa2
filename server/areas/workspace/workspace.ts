/**
 * Workspaces (docs/workspace.md §Rules and limits workspace rules, §Roles, §Messages messages): create (the creator becomes its admin) and update, from
 * the decoded form values. The website is read by the shared normaliseWebsite (stored with https://); the icon must be a PNG, JPG or
 * GIF by its bytes. Multi-step writes run in one transaction, so a failure leaves nothing half-written.
 */
import type { Expression, ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { normaliseWebsite, ICON_TYPES, ICON_TYPE_MESSAGE, type WorkspaceData } from '../../../src/contracts/workspace';
import { newId } from '../../auth/crypto';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { changesOf } from '../../../src/contracts/domain-events';
import { invalid } from '../../errors';
import { checkIconDimensions } from '../files/index';
import { storeFile, type UploadedImage } from '../files/index';
import { visibleTeamEmail } from './internal-emails';

/**
 * A workspace's `accounts` count as `viewerEmail` sees it: its members under the team list's own visibility rule
 * (hidden staff are not counted for customers), pending invites excluded (docs/workspace.md §Roles "Team counts exclude pending
 * invites"). A subquery correlated with `workspaces.id` of the enclosing query.
 */
export function teamCount(
  eb: ExpressionBuilder<Database, 'workspaces'>,
  viewerEmail: string | Expression<string>,
  internalDomains: string[],
) {
  return eb
    .selectFrom('memberships as team')
    .innerJoin('accounts as member', 'member.id', 'team.account_id')
    .select((count) => count.fn.countAll<string>().as('n'))
    .whereRef('team.workspace_id', '=', 'workspaces.id')
    .where(visibleTeamEmail('member.email', viewerEmail, internalDomains));
}

export interface WorkspaceInput {
  data: WorkspaceData;
  /** The icon, when one was uploaded. */
  image?: UploadedImage;
}

/** The form's values checked (400 naming the field) and normalised: trimmed name, https website, the icon's type. */
function validWorkspace({ data, image }: WorkspaceInput) {
  const website = normaliseWebsite(data.website);
  if (!website.ok) throw invalid(website.message, ['website']);
  if (
    image &&
    (!image.detectedType || !ICON_TYPES.includes(image.detectedType) || image.detectedType === 'image/webp')
  ) {
    throw invalid(ICON_TYPE_MESSAGE, ['image']);
  }
  if (image) checkIconDimensions(image);
  return {
    name: data.name.trim(),
    website: website.value,
    icon: image ? { type: image.detectedType!, bytes: image.bytes } : null,
  };
}

export async function createWorkspace(ctx: ServerContext, accountId: string, input: WorkspaceInput): Promise<string> {
  const form = validWorkspace(input);
  return inTransaction(ctx, async (tx) => {
    const iconId = form.icon ? await storeFile(tx, form.icon.type, form.icon.bytes) : null;
    const id = await insertWorkspace(tx, accountId, { name: form.name, website: form.website, iconId });
    // The new workspace's log opens with its creation, by whoever created it (docs/activity.md).
    await emit({ ...tx, actor: accountId }, 'workspace.created', {
      workspaceId: id,
      workspaceName: form.name,
      changes: [
        ...changesOf(null, { name: form.name, website: form.website }),
        ...(iconId ? [{ field: 'icon', before: null, after: 'added' }] : []),
      ],
    });
    return id;
  });
}

/** A new workspace whose admin is `accountId`, in the caller's transaction (also a confirmed sign-up's first one). */
export async function insertWorkspace(
  tx: ServerContext,
  accountId: string,
  workspace: { name: string; website: string; iconId: string | null },
): Promise<string> {
  const id = newId();
  await tx.db
    .insertInto('workspaces')
    .values({ id, name: workspace.name, website: workspace.website, icon_file_id: workspace.iconId, allow_monetize: 0 })
    .execute();
  await tx.db.insertInto('memberships').values({ workspace_id: id, account_id: accountId, role: 'admin' }).execute();
  return id;
}

/** Saves the form and answers the values as stored (the form shows them, e.g. the normalised website). */
export async function updateWorkspace(
  ctx: ServerContext,
  workspaceId: string,
  input: WorkspaceInput,
): Promise<{ name: string; website: string }> {
  const form = validWorkspace(input);
  await inTransaction(ctx, async (tx) => {
    const iconId = form.icon ? await storeFile(tx, form.icon.type, form.icon.bytes) : undefined;
    const before = await tx.db
      .selectFrom('workspaces')
      .select(['name', 'website'])
      .where('id', '=', workspaceId)
      .executeTakeFirst();
    await tx.db
      .updateTable('workspaces')
      .set({ name: form.name, website: form.website, ...(iconId ? { icon_file_id: iconId } : {}) })
      .where('id', '=', workspaceId)
      .execute();
    // The activity log's before → after (docs/activity.md); a new icon reads as "replaced", never as its bytes.
    const changes = [
      ...changesOf(before ?? null, { name: form.name, website: form.website }, ['name', 'website']),
      ...(iconId ? [{ field: 'icon', before: null, after: 'replaced' }] : []),
    ];
    if (changes.length)
      await emit(tx, 'workspace.settings_changed', { workspaceId, workspaceName: form.name, changes });
  });
  return { name: form.name, website: form.website };
}
