/**
 * Questboard staff in a customer's workspace (docs/team.md §Roles): accounts of the internal email domains are hidden
 * from customers' team lists and counts; staff see everyone.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';

const domainOf = (email: string) => email.split('@')[1]?.toLowerCase() ?? '';
export const isInternalEmail = (email: string, internalDomains: string[]) => internalDomains.includes(domainOf(email));
/**
 * docs/team.md §Roles: Questboard staff (accounts of the internal email domains) are hidden from customers' team lists; staff
 * see everyone. The one rule for every list and count of a workspace's people, as a condition on an email column.
 * `viewerEmail` is a value, or a column (when the viewer is a row of the same query).
 */
export function visibleTeamEmail(
  emailColumn: string,
  viewerEmail: string | Expression<string>,
  internalDomains: string[],
): RawBuilder<boolean> {
  if (internalDomains.length === 0) return sql<boolean>`true`;
  const domains = sql.join(internalDomains);
  const hidden = sql<boolean>`lower(split_part(${sql.ref(emailColumn)}, '@', 2)) not in (${domains})`;
  if (typeof viewerEmail === 'string')
    return isInternalEmail(viewerEmail, internalDomains) ? sql<boolean>`true` : hidden;
  return sql<boolean>`(lower(split_part(${viewerEmail}, '@', 2)) in (${domains}) or ${hidden})`;
}
