/** View model of the test-link generator: the id, its error once touched, Generate Link, the links and QR. */
import { advertisingIdError } from '../../contracts/integrations';
import { canGenerate, type TestLinkSnapshot, type appsflyerTestLinkMachine } from './appsflyer-test-link.machine';
import type { SendTo } from '../shared/flow';

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

/** The events the test link generator sends, as named senders. */
export const appsflyerTestLinkActions = (send: SendTo<typeof appsflyerTestLinkMachine>) => ({
  generate: () => send({ type: 'GENERATE' }),
  edit: (value: string) => send({ type: 'EDIT', value }),
  copy: () => send({ type: 'COPY' }),
  copyShort: () => send({ type: 'COPY_SHORT' }),
  download: () => send({ type: 'DOWNLOAD' }),
});
