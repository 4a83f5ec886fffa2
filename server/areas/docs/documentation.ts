/**
 * The documentation pages' app values (docs/app-settings.md §Screens and routes /documentation/{name}_integration?workspaceId=..&appId=..): for a
 * member of the app's workspace, the values a guide fills in instead of placeholders: the app's package name or
 * bundle id, the id AppsFlyer knows it by, the workspace's Questboard service account (the e-mail to grant the IAM
 * roles), the BigQuery plugin's GCP project, and its postback URLs. A workspace id that is not the app's answers 404,
 * like an app of another workspace.
 */
import { postbackUrlField, type GuideValues, type PostbackUrlField } from '../../../src/contracts/documentation';
import type { ServerContext } from '../../context';
import { packageNameOf, pluginAttributesOf, pluginStatusOf, postbackFormat } from '../integrations/index';
import { notFound } from '../../errors';
import { postbackUrl } from '../postbacks/index';
import { ROLE_RANK, type Role } from '../../../src/contracts/codecs';
import { POSTBACK_PARTNERS, sourceOf, type PostbackPartner } from '../../../src/contracts/partners';

/**
 * THE one place a guide gets an app's postback URL for an attribution partner: the postbacks area's own URL, shown to
 * editors and admins once the app has that partner's plugin (the URL carries the app's secret, so viewers, like on
 * the integration tab, read the placeholder); null also while the partner has no postback format.
 */
async function resolvePostbackUrl(
  ctx: ServerContext,
  appId: string,
  source: PostbackPartner,
  role: Role,
): Promise<string | null> {
  if (ROLE_RANK[role] < ROLE_RANK.editor) return null;
  const format = postbackFormat(sourceOf(source));
  if (!format || (await pluginStatusOf(ctx, appId, source)) === null) return null;
  const url = await postbackUrl(ctx, appId, sourceOf(source));
  // A partner whose URL carries its placeholders (Adjust's callback) gets it exactly as its tab shows it.
  return format.urlTemplate ? format.urlTemplate(url) : url;
}

export async function guideValues(
  ctx: ServerContext,
  workspaceId: string,
  appId: string,
  role: Role,
): Promise<GuideValues> {
  const app = await ctx.db
    .selectFrom('apps')
    .innerJoin('workspaces', 'workspaces.id', 'apps.workspace_id')
    .select([
      'apps.id',
      'apps.app_name',
      'apps.platform',
      'apps.details',
      'apps.workspace_id',
      'workspaces.name as workspace_name',
    ])
    .where('apps.id', '=', appId)
    .executeTakeFirst();
  if (!app || app.workspace_id !== workspaceId) throw notFound('App');
  const packageName = packageNameOf(app);
  const hasPackage = packageName !== app.id;
  const details = app.details as Record<string, unknown>;
  const storeId =
    typeof details.applePackageName === 'string' && /^\d+$/.test(details.applePackageName)
      ? details.applePackageName
      : null;
  const bigQuery = await pluginAttributesOf(ctx, appId, 'BigQuery');
  const project = (bigQuery as { targetProject?: unknown } | null)?.targetProject;
  const postbackUrls = Object.fromEntries(
    await Promise.all(
      POSTBACK_PARTNERS.map(
        async (partner) => [postbackUrlField(partner), await resolvePostbackUrl(ctx, appId, partner, role)] as const,
      ),
    ),
  ) as Record<PostbackUrlField, string | null>;
  return {
    appName: app.app_name,
    platform: app.platform,
    workspaceName: app.workspace_name,
    packageName: hasPackage ? packageName : null,
    appsflyerAppId: app.platform === 'ios' ? (storeId ? `id${storeId}` : null) : hasPackage ? packageName : null,
    serviceAccountEmail: ctx.providers.googleCloud.productServiceAccountEmail(workspaceId),
    gcpProject: typeof project === 'string' && project ? project : null,
    ...postbackUrls,
  };
}
