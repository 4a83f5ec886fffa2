/**
 * /oauth-callback (docs/analyze.md §Screens and routes, §API endpoints): where Google's sign-in pop-up of the spreadsheet export lands. It reads
 * `access_token`, `expires_in`, `state` (or `error`) from the URL hash, wipes the hash from the address bar,
 * posts them to the window that opened it with this origin as the only allowed target, and closes itself.
 * Opened without an opener (a bookmark, a severed pop-up), it says so briefly and posts nothing.
 */
import { useEffect, useState } from 'react';
import { callbackMessageFromHash } from '../../services/google-sheets.service';

type Outcome = 'sending' | 'sent' | 'noOpener' | 'noAnswer';

export default function OAuthCallbackPage() {
  const [outcome, setOutcome] = useState<Outcome>('sending');

  useEffect(() => {
    const message = callbackMessageFromHash(window.location.hash);
    // The token must not stay in the address bar or the history.
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
    if (!message) {
      // oxlint-disable-next-line react/set-state-in-effect -- the outcome reports what the one-time hand-over to the opener window did, known only once this effect has run
      setOutcome('noAnswer');
      return;
    }
    const opener = window.opener as Window | null;
    if (!opener || opener.closed) {
      setOutcome('noOpener');
      return;
    }
    opener.postMessage(message, window.location.origin);
    setOutcome('sent');
    window.close();
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-6">
      <div className="max-w-sm rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <h1 className="text-base font-semibold text-slate-900">Google sign-in</h1>
        <p className="mt-2 text-sm text-slate-600" role="status">
          {outcome === 'sending' && 'Finishing sign-in…'}
          {outcome === 'sent' && 'Signed in. You can close this window.'}
          {outcome === 'noOpener' &&
            'The Questboard tab that started this sign-in is gone. Close this window and start the export again.'}
          {outcome === 'noAnswer' && 'There is no sign-in to finish here. You can close this window.'}
        </p>
      </div>
    </main>
  );
}
