/**
 * The account page's two-factor sign-in (docs/accounts.md §Two-factor sign-in): turn it on with a QR code (drawn by
 * `qrcode`, loaded only when a set-up starts) or the secret typed by hand and a code, see the recovery codes once,
 * turn it off with the password and a code. A thin view over two-factor.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { twoFactorFlow } from '../../machines/two-factor/two-factor.actors';
import { selectTwoFactor, twoFactorActions } from '../../machines/two-factor/two-factor.selectors';
import { useFlowActor } from '../flows/useFlowActor';
import { Session } from '../flows/session';
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

/** The otpauth URI as a QR code image (a data URL), drawn once the library has loaded. */
function QrCode({ uri }: { uri: string }) {
  const [image, setImage] = useState<{ uri: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(uri, { margin: 1, width: 176 }))
      .then((src) => current && setImage({ uri, src }))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [uri]);
  return image?.uri === uri ? (
    <img
      src={image.src}
      width={176}
      height={176}
      alt="QR code to scan with your authenticator app"
      className="rounded-lg ring-1 ring-slate-200"
    />
  ) : (
    <div className="flex size-44 items-center justify-center rounded-lg bg-slate-50 ring-1 ring-slate-200">
      <Spinner className="size-6 text-indigo-600" label="Drawing the QR code" />
    </div>
  );
}

export function TwoFactorSection({ accountId }: { accountId: string }) {
  const session = Session.useActorRef();
  const actor = useFlowActor(twoFactorFlow, undefined, { key: accountId, deps: { session } });
  const view = useSelector(actor, selectTwoFactor);
  const actions = useActions(actor, twoFactorActions);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.submit();
  };

  if (view.view === 'loading') return <Spinner className="size-6 text-indigo-600" label="Loading two-factor sign-in" />;
  if (view.view === 'unavailable')
    return (
      <div className="space-y-3">
        <ErrorLine text={view.unavailable} />
        <Button variant="secondary" onClick={actions.retry}>
          Try again
        </Button>
      </div>
    );
  if (view.view === 'off')
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          Off. Turn it on to ask for a code from an authenticator app after your password when you sign in.
        </p>
        <ErrorLine text={view.error} />
        <Button onClick={actions.enrol} busy={view.starting}>
          Turn on two-factor sign-in
        </Button>
      </div>
    );
  if (view.view === 'enrolling')
    return (
      <form noValidate onSubmit={submit} className="space-y-4">
        <p className="text-sm text-slate-600">
          Scan the QR code with your authenticator app, or type the key into it. Then enter the 6-digit code it shows.
        </p>
        <div className="flex flex-wrap items-start gap-6">
          {view.uri && <QrCode uri={view.uri} />}
          <div className="min-w-0 flex-1 space-y-1 text-sm">
            <p className="font-medium text-slate-700">Key</p>
            <code
              data-testid="two-factor-secret"
              className="block break-all rounded-lg bg-slate-50 px-3 py-2 font-mono"
            >
              {view.secret}
            </code>
          </div>
        </div>
        <TextField
          label="Code from your app"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={view.otp}
          onChange={(e) => actions.change('otp', e.target.value)}
          error={view.errors.otp}
        />
        <ErrorLine text={view.error} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={view.busy}>
            Turn on
          </Button>
          <Button variant="secondary" onClick={actions.cancel} disabled={view.busy}>
            Cancel
          </Button>
        </div>
      </form>
    );
  if (view.view === 'codes')
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          Two-factor sign-in is on.
        </p>
        <p className="text-sm text-slate-600">
          Save these recovery codes somewhere safe. Each works once, instead of a code, if you lose your phone. They are
          shown only now.
        </p>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
          {view.recoveryCodes.map((code) => (
            <li key={code} className="rounded bg-slate-50 px-2 py-1 text-center">
              {code}
            </li>
          ))}
        </ul>
        <Button onClick={actions.done}>I saved my recovery codes</Button>
      </div>
    );
  if (view.view === 'on')
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          On. Signing in asks for a code from your authenticator app after your password. Recovery codes left:{' '}
          {view.recoveryCodesLeft}.
        </p>
        <Button variant="secondary" onClick={actions.disable}>
          Turn off two-factor sign-in
        </Button>
      </div>
    );
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-600">To turn it off, enter your password and a code from your app.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={view.password}
          onChange={(e) => actions.change('password', e.target.value)}
          error={view.errors.password}
        />
        <TextField
          label="Code or recovery code"
          autoComplete="one-time-code"
          value={view.otp}
          onChange={(e) => actions.change('otp', e.target.value)}
          error={view.errors.otp}
        />
      </div>
      <ErrorLine text={view.error} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" busy={view.busy}>
          Turn off
        </Button>
        <Button variant="secondary" onClick={actions.cancel} disabled={view.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
