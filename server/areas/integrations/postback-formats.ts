/**
 * The postback formats, one per partner of the registry that sends postbacks (src/contracts/partners.ts,
 * `postbacks: true`), each in its partner's folder (<source>/postback-format.ts). The record is keyed by the registry's
 * type, so a partner added there without its format (or a format for no such partner) fails the type check. The
 * composition hands it to the postbacks area (server/areas.ts, providePostbackPorts). A request's `:source` is the
 * partner's name in lower case.
 */
import { postbackPartnerOf, type PostbackPartner } from '../../../src/contracts/partners';
import type { PostbackFormat } from '../postbacks/index';
import { appsflyer } from './appsflyer/postback-format';
import { adjust } from './adjust/postback-format';

export const POSTBACK_FORMATS: Readonly<Record<PostbackPartner, PostbackFormat>> = {
  AppsFlyer: appsflyer,
  Adjust: adjust,
};

/** The format of a URL's `:source` ('appsflyer'), or null for a source no partner of the registry sends. */
export function postbackFormat(source: string): PostbackFormat | null {
  const partner = postbackPartnerOf(source);
  return partner ? POSTBACK_FORMATS[partner] : null;
}
