/** View model of the test-link generator (SPEC §2, §5): the id, its error once touched, Generate Link, the link and QR. */
import { advertisingIdError } from '../../contracts/integrations';
import { canGenerate, type TestLinkSnapshot } from './appsflyer-test-link.machine';

export const selectTestLink = (s: TestLinkSnapshot) => ({
  advertisingId: s.context.advertisingId,
  error: s.context.touched ? advertisingIdError(s.context.advertisingId) : null,
  canGenerate: (s.matches('editing') || s.matches('ready')) && canGenerate(s.context),
  generating: s.matches('generating'),
  link: s.matches('ready') || s.matches('copying') ? s.context.link : null,
  qr: s.matches('ready') || s.matches('copying') ? s.context.qr : null,
  copying: s.matches('copying'),
  hasAppPath: !!s.context.base,
});
