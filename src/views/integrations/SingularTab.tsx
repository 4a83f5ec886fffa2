/**
 * The Singular tab (docs/postbacks.md §Screens and routes: informational only; the user e-mails the provider's customer success manager with the
 * integrations address in CC and asks to integrate the game): the steps, and an e-mail already written for this app
 * (src/views/integrations/singular.ts). Singular has no plugin, so there is nothing to connect or guard here.
 */
import { useCurrentApp, useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { Card } from './Card';
import { INTEGRATIONS_EMAIL, SINGULAR_CSM_EMAIL, singularMailto, singularSubject } from './singular';

export function SingularTab({ appId }: { appId: string }) {
  const app = useCurrentApp();
  const workspace = useCurrentWorkspace();
  const details = {
    id: appId,
    appName: app?.appName ?? appId,
    platform: app?.platform ?? ('android' as const),
    workspaceName: workspace?.name ?? null,
    storeId: app
      ? app.platform === 'ios'
        ? (app.applePackageName ?? app.appleBundleId)
        : app.googlePackageName
      : null,
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <Card title="Singular">
        <p className="text-sm text-slate-600">
          Singular connects partners through its own team: there is nothing to set up in Questboard. Ask your Singular
          customer success manager to integrate your game with Questboard, with our integrations team in copy, and they
          will enable the Questboard partner for this app.
        </p>
        <ol className="mt-4 list-inside list-decimal space-y-1 text-sm text-slate-700">
          <li>Open the e-mail below (it is written for {details.appName}).</li>
          <li>
            Send it to your customer success manager ({SINGULAR_CSM_EMAIL} reaches them if you do not know their
            address).
          </li>
          <li>
            Keep {INTEGRATIONS_EMAIL} in CC: we answer with the click macros, postback templates and test devices.
          </li>
        </ol>
      </Card>
      <Card title="Ask Singular to integrate your game">
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
          <dt className="text-slate-600">To</dt>
          <dd className="break-all text-slate-900">{SINGULAR_CSM_EMAIL}</dd>
          <dt className="text-slate-600">CC</dt>
          <dd className="break-all text-slate-900">{INTEGRATIONS_EMAIL}</dd>
          <dt className="text-slate-600">Subject</dt>
          <dd className="text-slate-900">{singularSubject(details)}</dd>
        </dl>
        <a
          data-testid="singular-mailto"
          href={singularMailto(details)}
          className="mt-5 inline-flex items-center rounded-lg bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          Email Singular
        </a>
      </Card>
    </div>
  );
}
