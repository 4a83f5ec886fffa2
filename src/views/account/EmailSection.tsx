/**
 * The account page's e-mail (docs/accounts.md §E-mail change): the current address; "Change email" opens the new
 * address and the current password; then "Check your inbox" with the pending address, "Send again" and "Cancel
 * change". A thin view over email-change.
 */
import { type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { emailChangeFlow } from '../../machines/email-change/email-change.actors';
import { emailChangeActions, selectEmailChange } from '../../machines/email-change/email-change.selectors';
import { EMAIL_CHANGE_MINUTES } from '../../contracts/email-change';
import { MAX } from '../../contracts/codecs';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { Spinner } from '../ui/Spinner';

function ErrorLine({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
      {text}
    </p>
  ) : null;
}

export function EmailSection({ accountId, email }: { accountId: string; email: string }) {
  const actor = useFlowActor(emailChangeFlow, { currentEmail: email }, { key: `${accountId}:${email}` });
  const view = useSelector(actor, selectEmailChange);
  const actions = useActions(actor, emailChangeActions);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.submit();
  };
  const current = (
    <p className="text-sm text-slate-600">
      You sign in with <span className="font-medium break-words text-slate-900">{view.currentEmail}</span>.
    </p>
  );

  if (view.view === 'loading') return <Spinner className="size-6 text-indigo-600" label="Loading your email" />;
  if (view.view === 'unavailable')
    return (
      <div className="space-y-3">
        {current}
        <ErrorLine text={view.unavailable} />
        <Button variant="secondary" onClick={actions.retry}>
          Try again
        </Button>
      </div>
    );
  if (view.view === 'editing')
    return (
      <form noValidate className="space-y-4" onSubmit={submit}>
        {current}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="New email"
            type="email"
            autoComplete="email"
            maxLength={MAX.email}
            value={view.email}
            onChange={(e) => actions.change('email', e.target.value)}
            error={view.errors.email}
          />
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={view.password}
            onChange={(e) => actions.change('password', e.target.value)}
            error={view.errors.password}
          />
        </div>
        <ErrorLine text={view.error} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={view.sending}>
            Send confirmation link
          </Button>
          <Button variant="secondary" onClick={actions.cancel} disabled={view.sending}>
            Cancel
          </Button>
        </div>
      </form>
    );
  if (view.view === 'pending')
    return (
      <div className="space-y-4">
        {current}
        <div role="status" className="space-y-2 rounded-lg bg-indigo-50 px-4 py-3">
          <h3 className="text-sm font-semibold text-slate-900">Check your inbox</h3>
          <p className="text-sm text-slate-700">
            We sent a link to <span className="font-medium break-words text-slate-900">{view.pendingEmail}</span>. Open
            it to confirm your new address. The link works once, for {EMAIL_CHANGE_MINUTES} minutes.
          </p>
          {view.sandbox && (
            <p className="text-sm text-amber-800">
              Sandbox mail: this server keeps messages in its outbox and log instead of sending them.
            </p>
          )}
        </div>
        <ErrorLine text={view.error} />
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={actions.edit} disabled={view.cancelling}>
            Send again
          </Button>
          <Button variant="secondary" onClick={actions.cancelChange} busy={view.cancelling}>
            Cancel change
          </Button>
        </div>
      </div>
    );
  return (
    <div className="space-y-4">
      {current}
      <Button variant="secondary" onClick={actions.edit}>
        Change email
      </Button>
    </div>
  );
}
