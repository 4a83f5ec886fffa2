/**
 * App Settings → Messages (docs/app-settings.md §Entities App.notificationSettings {questStart, questComplete}; shape and rules in
 * src/contracts/messages.ts): each notification's switch, title and message, with a live preview of what a player's
 * phone shows (placeholders filled with sample values), and Save. A thin view over the messages-save flow. Viewers see
 * the messages with the fields and Save disabled (docs/app-settings.md §Roles view-only tooltip; the server refuses them too).
 */
import { useId } from 'react';
import { Switch } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { App } from '../../contracts/apps';
import type { Workspace } from '../../contracts/workspace';
import { MAX } from '../../contracts/codecs';
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  NOTIFICATION_TITLE_MAX,
  renderNotification,
  type NotificationKind,
  type NotificationMessage,
} from '../../contracts/messages';
import { messagesSaveFlow } from '../../machines/messages-save/messages-save.actors';
import { selectMessages, messagesActions } from '../../machines/messages-save/messages-save.selectors';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { viewerDenied } from '../ui/permissions';
import { LoadFailed, SettingsForm } from './parts';
import { useActions } from '../flows/useActions';

const WHEN: Record<NotificationKind, string> = {
  questStart: 'Sent when a player starts one of your quests.',
  questComplete: 'Sent when a player completes a quest.',
};

export default function MessagesTab({ app, workspace }: { app: App; workspace: Workspace }) {
  const actor = useFlowActor(messagesSaveFlow, { appId: app.id }, { key: app.id });
  const view = useSelector(actor, selectMessages);
  const actions = useActions(actor, messagesActions);
  const denied = viewerDenied(workspace.role);
  const sample = { questName: 'Hatch 3 dragon eggs', appName: app.appName, reward: '500 gems' };

  return (
    <section aria-labelledby="messages-heading" className="space-y-4">
      <div>
        <h2 id="messages-heading" className="text-lg font-semibold text-slate-900">
          Messages
        </h2>
        <p className="text-sm text-slate-600">
          The notifications players of {app.appName} receive. Use the placeholders <code>{'{questName}'}</code>,{' '}
          <code>{'{appName}'}</code> and <code>{'{reward}'}</code>; the preview fills them with sample values.
        </p>
      </div>
      {view.loading ? (
        <Spinner label="Loading the messages" />
      ) : view.failed || !view.values ? (
        <LoadFailed what="messages" onRetry={actions.retry} />
      ) : (
        <SettingsForm onSubmit={actions.submit}>
          {NOTIFICATION_KINDS.map((kind) => (
            <MessageCard
              key={kind}
              kind={kind}
              message={view.values![kind]}
              errors={{ title: view.errors[`${kind}.title`], body: view.errors[`${kind}.body`] }}
              disabled={view.saving || !!denied}
              preview={{
                title: renderNotification(view.values![kind].title, sample),
                body: renderNotification(view.values![kind].body, sample),
              }}
              appName={app.appName}
              onToggle={(enabled) => actions.toggle(kind, enabled)}
              onChange={(field, value) => actions.change(kind, field, value)}
            />
          ))}
          {view.error && (
            <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
              {view.error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={actions.reset} disabled={!view.dirty || view.saving || !!denied}>
              Discard changes
            </Button>
            <Button type="submit" busy={view.saving} deniedReason={denied}>
              Save messages
            </Button>
          </div>
        </SettingsForm>
      )}
    </section>
  );
}

function MessageCard({
  kind,
  message,
  errors,
  disabled,
  preview,
  appName,
  onToggle,
  onChange,
}: {
  kind: NotificationKind;
  message: NotificationMessage;
  errors: { title?: string; body?: string };
  disabled: boolean;
  preview: { title: string; body: string };
  appName: string;
  onToggle: (enabled: boolean) => void;
  onChange: (field: 'title' | 'body', value: string) => void;
}) {
  const ids = useId();
  const label = NOTIFICATION_LABELS[kind];
  return (
    <fieldset className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <legend className="sr-only">{label}</legend>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`${ids}-title`} className="text-base font-semibold text-slate-900">
            {label}
          </h3>
          <p className="text-sm text-slate-600">{WHEN[kind]}</p>
        </div>
        <Switch
          checked={message.enabled}
          onChange={onToggle}
          disabled={disabled}
          aria-label={`Send the ${label.toLowerCase()} notification`}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 ${message.enabled ? 'bg-indigo-600' : 'bg-slate-400'}`}
        >
          <span
            className={`inline-block size-4 rounded-full bg-white transition ${message.enabled ? 'translate-x-6' : 'translate-x-1'}`}
          />
        </Switch>
      </div>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div className="space-y-4">
          <TextField
            label={`${label}: title`}
            value={message.title}
            onChange={(event) => onChange('title', event.target.value)}
            error={errors.title}
            hint={`At most ${NOTIFICATION_TITLE_MAX} characters (${message.title.length} used).`}
            disabled={disabled}
            maxLength={MAX.name}
          />
          <div>
            <label
              htmlFor={`${ids}-body`}
              className="block text-sm font-medium text-slate-700"
            >{`${label}: message`}</label>
            <textarea
              id={`${ids}-body`}
              value={message.body}
              rows={3}
              disabled={disabled}
              maxLength={MAX.label}
              aria-invalid={!!errors.body || undefined}
              aria-describedby={`${ids}-body-note`}
              onChange={(event) => onChange('body', event.target.value)}
              className={`mt-1 block w-full rounded-lg border px-3 py-2 text-sm shadow-sm outline-none focus:ring-2 disabled:bg-slate-50 ${errors.body ? 'border-rose-400 focus:ring-rose-200' : 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-100'}`}
            />
            <p id={`${ids}-body-note`} className={`mt-1 text-xs ${errors.body ? 'text-rose-600' : 'text-slate-500'}`}>
              {errors.body ?? `At most ${NOTIFICATION_BODY_MAX} characters (${message.body.length} used).`}
            </p>
          </div>
        </div>
        <figure
          aria-label={`Preview of the ${label.toLowerCase()} notification`}
          className="self-start rounded-2xl bg-slate-800 p-4"
        >
          <div className={`rounded-xl p-3 shadow ${message.enabled ? 'bg-white' : 'bg-slate-200'}`}>
            <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{appName} · now</p>
            <p className="mt-1 break-words text-sm font-semibold text-slate-900">{preview.title || 'Title'}</p>
            <p className="mt-0.5 break-words text-sm text-slate-700">{preview.body || 'Message'}</p>
          </div>
          <figcaption className="mt-2 text-xs text-slate-200">
            {message.enabled ? 'Preview with sample values' : 'Off: players do not receive this notification'}
          </figcaption>
        </figure>
      </div>
    </fieldset>
  );
}
