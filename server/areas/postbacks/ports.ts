/**
 * What the postbacks area needs from the rest of the server, handed to it by the composition (server/areas.ts calls
 * `providePostbackPorts` once): the partners' postback formats, each in its partner's own folder of the integrations
 * area, and the app's plugins, which the integrations area owns. So postbacks imports no partner and reads no table
 * of another area (docs/architecture.md §Registries, §Areas and their doors).
 */
import type { PostbackPartner } from '../../../src/contracts/partners';
import { postbackPartnerOf } from '../../../src/contracts/partners';
import type { ConnectionStatus, PluginType } from '../../../src/contracts/plugin';
import type { ServerContext } from '../../context';
import type { PostbackFormat } from './format';

/** A plugin as the postbacks area sees it. */
export interface PostbackPlugin {
  appId: string;
  type: PluginType;
  status: ConnectionStatus;
}

export interface PostbackPorts {
  /** The format of each partner that sends postbacks (the registry's `postbacks: true`). */
  formats: Readonly<Record<PostbackPartner, PostbackFormat>>;
  /** The status of the app's plugin of this type, or null when the app has none. */
  pluginStatus(ctx: ServerContext, appId: string, type: PluginType): Promise<ConnectionStatus | null>;
  /** A plugin by its id, or null. */
  pluginById(ctx: ServerContext, pluginId: string): Promise<PostbackPlugin | null>;
}

let provided: PostbackPorts | null = null;

/** Called once by the composition (server/areas.ts) before the server handles a request. */
export function providePostbackPorts(ports: PostbackPorts): void {
  provided = ports;
}

export function postbackPorts(): PostbackPorts {
  if (!provided)
    throw new Error('The postbacks area has no ports: server/areas.ts provides them (providePostbackPorts)');
  return provided;
}

/** The format of a URL's `:source` ('appsflyer'), or null for a source no partner of the registry sends. */
export function postbackFormat(source: string): PostbackFormat | null {
  const partner = postbackPartnerOf(source);
  return partner ? postbackPorts().formats[partner] : null;
}
