/**
 * The test-link generator bound to the qrcode library (SPEC §9: 150 px, error correction H; the standard 4-module quiet
 * zone, without which a 150 px code of a full test link does not scan), the clipboard and the snackbars.
 */
import { fromPromise } from 'xstate';
import QRCode from 'qrcode';
import { QR_CODE_ERROR_CORRECTION_LEVEL, QR_CODE_SIZE } from '../../contracts/integrations';
import { appsflyerTestLinkMachine } from './appsflyer-test-link.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';

export const liveTestLinkMachine = appsflyerTestLinkMachine.provide({
  actors: {
    qrCode: fromPromise(({ input }) =>
      QRCode.toDataURL(input.text, { width: QR_CODE_SIZE, errorCorrectionLevel: QR_CODE_ERROR_CORRECTION_LEVEL, margin: 4 }),
    ),
    copyLink: fromPromise(({ input }) => navigator.clipboard.writeText(input.text)),
  },
  actions: { notify: showNotice },
});

export const appsflyerTestLinkFlow = defineFlow({ name: 'appsflyer-test-link', bind: () => liveTestLinkMachine });
