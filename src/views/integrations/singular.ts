/**
 * The Singular tab's e-mail (docs/postbacks.md §Screens and routes: "informational only; the user emails the provider's customer success manager
 * with the integrations address in CC and asks to integrate the game"; docs/domain.md: a network asks Singular for an
 * integration by e-mail, supplying click macros, postback templates and test-device ids). Addresses (ours): Singular's
 * public support address, which routes the request to the customer's success manager (the user may put their own
 * CSM's address instead), and Questboard's integrations address in CC, which answers with the macros and templates.
 */
import type { Platform } from '../../contracts/codecs';

export const SINGULAR_CSM_EMAIL = 'support@singular.net';
export const INTEGRATIONS_EMAIL = 'integrations@questboard.io';

export interface SingularApp {
  id: string;
  appName: string;
  platform: Platform;
  workspaceName?: string | null;
  storeId?: string | null;
}

const PLATFORM_NAMES: Record<Platform, string> = { android: 'Android', ios: 'iOS' };

export function singularSubject(app: SingularApp): string {
  return `Integration request: ${app.appName} (${PLATFORM_NAMES[app.platform]}) with Questboard`;
}

export function singularBody(app: SingularApp): string {
  return [
    'Hello,',
    '',
    `We would like to integrate our game ${app.appName} (${PLATFORM_NAMES[app.platform]}) with Questboard as a partner in Singular, so that Questboard receives the installs and in-app events of players it brings.`,
    '',
    `Please enable the Questboard partner for this app. Questboard's integrations team (${INTEGRATIONS_EMAIL}, in CC) will send the click macros, postback templates and test-device ids the setup needs.`,
    '',
    `Game: ${app.appName}`,
    `Platform: ${PLATFORM_NAMES[app.platform]}`,
    `Store id: ${app.storeId || 'not published yet'}`,
    `Questboard app id: ${app.id}`,
    ...(app.workspaceName ? [`Publisher: ${app.workspaceName}`] : []),
    '',
    'Thank you,',
  ].join('\n');
}

/** mailto: to Singular's success team, the integrations address in CC, subject and body filled in for the app. */
export function singularMailto(app: SingularApp): string {
  const query = [
    `cc=${encodeURIComponent(INTEGRATIONS_EMAIL)}`,
    `subject=${encodeURIComponent(singularSubject(app))}`,
    `body=${encodeURIComponent(singularBody(app))}`,
  ].join('&');
  return `mailto:${SINGULAR_CSM_EMAIL}?${query}`;
}
