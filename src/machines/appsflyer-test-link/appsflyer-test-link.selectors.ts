/** View model of the test-link generator: the id, its error once touched, Generate Link, the links and QR. */
import { advertisingIdError } from '../../contracts/integrations';
import { canGenerate, type TestLinkSnapshot } from './appsflyer-test-link.machine';

export const selectTestLink = (s: TestLinkSnapshot) => {
  const shown = s.matches('ready') || s.matches('copying') || s.matches('downloading');
  return {
    advertisingId: s.context.advertisingId,
    error: s.context.touched ? advertisingIdError(s.context.advertisingId) : null,
    canGenerate: (s.matches('editing') || s.matches('ready')) && canGenerate(s.context),
    generating: s.matches('shortening') || s.matches('drawing'),
    link: shown ? s.context.link : null,
    shortUrl: shown ? s.context.shortUrl : null,
    expiresAt: shown ? s.context.expiresAt : null,
    qr: shown ? s.context.qr : null,
    copying: s.matches('copying'),
    downloading: s.matches('downloading'),
    hasAppPath: !!s.context.base,
  };
};
