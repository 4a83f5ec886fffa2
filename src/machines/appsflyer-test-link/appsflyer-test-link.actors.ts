/**
 * The test-link generator bound to the server (the short link), the qrcode library (qrCodeOptions: 150 px on screen,
 * 600 px for the download, level H with the standard quiet zone), the clipboard and the snackbars.
 */
import { fromPromise } from 'xstate';
import QRCode from 'qrcode';
import { QR_DOWNLOAD_FILENAME, QR_DOWNLOAD_SIZE, qrCodeOptions } from '../../contracts/integrations';
import { createTestLink } from '../../services/postbacks.service';
import { downloadBlob } from '../../lib/exports';
import { appsflyerTestLinkMachine } from './appsflyer-test-link.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';

async function downloadQrPng(text: string) {
  const dataUrl = await QRCode.toDataURL(text, qrCodeOptions(QR_DOWNLOAD_SIZE));
  const bytes = Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (c) => c.charCodeAt(0));
  downloadBlob(new Blob([bytes], { type: 'image/png' }), QR_DOWNLOAD_FILENAME);
}

export const liveTestLinkMachine = appsflyerTestLinkMachine.provide({
  actors: {
    createLink: fromPromise(({ input, signal }) => createTestLink(input.appId, input.advertisingId, signal)),
    qrCode: fromPromise(({ input }) => QRCode.toDataURL(input.text, qrCodeOptions())),
    copyLink: fromPromise(({ input }) => navigator.clipboard.writeText(input.text)),
    downloadQr: fromPromise(({ input }) => downloadQrPng(input.text)),
  },
  actions: { notify: showNotice },
});

export const appsflyerTestLinkFlow = defineFlow({ name: 'appsflyer-test-link', bind: () => liveTestLinkMachine });
