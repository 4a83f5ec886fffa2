/**
 * The AppsFlyer test-link generator (docs/postbacks.md §Screens and routes steps 2–4, §Entities, §Rules and limits): the test device's advertising id, Generate Link
 * (disabled on error or empty), the full link and Copy Link; the QR code (150 px, level H, of the short link that
 * redirects to the full one) or its placeholder, with Download PNG (600 px) and Copy short link beside it. Every action
 * is an event to the appsflyer-test-link flow.
 */
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { QR_CODE_SIZE, testLinkBase } from '../../contracts/integrations';
import type { Platform } from '../../contracts/codecs';
import { appsflyerTestLinkFlow } from '../../machines/appsflyer-test-link/appsflyer-test-link.actors';
import {
  selectTestLink,
  appsflyerTestLinkActions,
} from '../../machines/appsflyer-test-link/appsflyer-test-link.selectors';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { useActions } from '../flows/useActions';

export function TestLinkGenerator({ app }: { app: { id: string; platform: Platform; appPath: string | null } }) {
  const actor = useFlowActor(
    appsflyerTestLinkFlow,
    { base: testLinkBase(app) },
    { key: `${app.id}:appsflyer-test-link` },
  );
  const view = useSelector(actor, selectTestLink);
  const actions = useActions(actor, appsflyerTestLinkActions);
  return (
    <div className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto]">
      <form
        className="min-w-0"
        onSubmit={(e) => {
          e.preventDefault();
          actions.generate();
        }}
      >
        <TextField
          label={app.platform === 'ios' ? 'Test device advertising ID (IDFA)' : 'Test device advertising ID (GAID)'}
          value={view.advertisingId}
          error={view.error}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          onChange={(e) => actions.edit(e.target.value)}
        />
        {!view.hasAppPath && (
          <p className="mt-2 text-xs text-amber-800">Add the app's store id in App Settings to generate its link.</p>
        )}
        <Button type="submit" className="mt-3" busy={view.generating} disabled={!view.canGenerate}>
          Generate Link
        </Button>
        {view.link && (
          <div className="mt-3">
            <p className="text-xs font-medium text-slate-700">Test link</p>
            <p
              data-testid="appsflyer-test-link"
              className="mt-1 break-all rounded-lg bg-slate-50 p-2 font-mono text-xs text-slate-800"
            >
              {view.link}
            </p>
            <Button variant="secondary" className="mt-2" busy={view.copying} onClick={actions.copy}>
              Copy Link
            </Button>
          </div>
        )}
      </form>
      <div className="flex flex-col items-start gap-2" style={{ width: QR_CODE_SIZE + 18 }}>
        <div
          className="flex items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-2 text-center text-xs text-slate-600"
          style={{ width: QR_CODE_SIZE + 18, height: QR_CODE_SIZE + 18 }}
        >
          {view.qr ? (
            <img
              src={view.qr}
              width={QR_CODE_SIZE}
              height={QR_CODE_SIZE}
              alt="QR code of the test link"
              data-testid="appsflyer-qr"
            />
          ) : (
            <span>QR Code will be generated here</span>
          )}
        </div>
        {view.qr && view.shortUrl && (
          <>
            <p className="w-full break-all font-mono text-xs text-slate-800" data-testid="appsflyer-short-link">
              {view.shortUrl}
            </p>
            {view.expiresAt !== null && (
              <p className="text-xs text-slate-600">Works until {dayjs(view.expiresAt).format('YYYY-MM-DD HH:mm')}</p>
            )}
            <Button variant="secondary" busy={view.downloading} onClick={actions.download}>
              Download PNG
            </Button>
            <Button variant="secondary" onClick={actions.copyShort} disabled={view.copying}>
              Copy short link
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
