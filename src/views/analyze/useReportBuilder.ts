/**
 * The report-builder actor of the page, bound to the analytics service, the router, the snackbars and storage.
 *
 * The actor lives in a small registry keyed by app and report rather than inside one component: the first run of a
 * new report moves the URL from /analyze/report to /analyze/report/{id} (SPEC §4, no reload), which is another route
 * of the route table and so mounts a new page component; the registry hands that page the same running actor, with its
 * results, instead of loading the report again. An actor no page holds any more is stopped on the next tick.
 *
 * Storage (SPEC §4 and ours):
 *  - localStorage `showSettings`: set after the first successful run, read when a saved report opens, removed when the
 *    builder is left (route change);
 *  - sessionStorage draft of an unsaved new report, per app: written while it has changes, re-applied after a reload,
 *    dropped once the report is saved or the builder is left in the app.
 */
import { useEffect, useRef } from 'react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { useLocation } from 'wouter';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { reportBuilderMachine, type ReportBuilderInput } from '../../machines/report-builder/report-builder.machine';
import { selectDirty } from '../../machines/report-builder/report-builder.selectors';
import { draftStorageKey, parseDraft, serializeDraft } from '../../machines/report-builder/report-builder.logic';
import { deleteTemplate, fetchModelConfig, openReport, runReport, saveReport, templatesKey } from '../../services/analyze.service';
import { notify } from '../../services/notify';
import { Report } from '../../contracts/analyze';
import { actorOptions } from '../../inspector';
import { href } from '../../paths';
import { bypassLeaveGuard } from './useLeaveGuard';

export type ReportBuilderActor = ActorRefFrom<typeof reportBuilderMachine>;

export const SHOW_SETTINGS_KEY = 'showSettings';

interface Deps {
  navigate: (to: string, options?: { replace?: boolean }) => void;
  queryClient: QueryClient;
}
interface Entry {
  key: string;
  actor: ReportBuilderActor;
  refs: number;
  stopTimer: number | null;
  deps: { current: Deps };
}

const entries = new Map<string, Entry>();
const keyOf = (appId: string, reportId: string | null) => `${appId}:${reportId ?? 'new'}`;

function safeStorage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export const readShowSettings = () => safeStorage('local')?.getItem(SHOW_SETTINGS_KEY) === 'true';
export const clearShowSettings = () => safeStorage('local')?.removeItem(SHOW_SETTINGS_KEY);

function readDraft(appId: string) {
  return parseDraft(safeStorage('session')?.getItem(draftStorageKey(appId)) ?? null, Report);
}

function rekey(entry: Entry, key: string) {
  if (entry.key === key) return;
  entries.delete(entry.key);
  const previous = entries.get(key);
  if (previous && previous !== entry) previous.actor.stop();
  entry.key = key;
  entries.set(key, entry);
}

function stop(entry: Entry) {
  if (entries.get(entry.key) === entry) entries.delete(entry.key);
  const snapshot = entry.actor.getSnapshot();
  // Leaving the builder in the app discards a new report's draft (a reload keeps it: no component unmounts then).
  if (snapshot.context.reportId === null) safeStorage('session')?.removeItem(draftStorageKey(snapshot.context.appId));
  entry.actor.stop();
}

function scheduleStop(entry: Entry, delay = 0) {
  if (entry.stopTimer !== null) window.clearTimeout(entry.stopTimer);
  entry.stopTimer = window.setTimeout(() => {
    entry.stopTimer = null;
    if (entry.refs <= 0) stop(entry);
  }, delay);
}

function create(key: string, input: ReportBuilderInput & { workspaceId: string }, deps: { current: Deps }): Entry {
  const { workspaceId, appId } = input;
  const reportPath = (id?: string) => href.app(workspaceId, appId, id ? `analyze/report/${encodeURIComponent(id)}` : 'analyze/report');
  let entry: Entry;
  const machine = reportBuilderMachine.provide({
    actors: {
      loadConfig: fromPromise(({ input, signal }) => fetchModelConfig(input.appId, input.modelId, signal)),
      loadReport: fromPromise(({ input, signal }) => openReport(input.appId, input.reportId, signal)),
      runReport: fromPromise(({ input, signal }) => runReport(input.appId, input.request, signal)),
      saveTitle: fromPromise(({ input, signal }) => saveReport(input.appId, input.request, signal)),
      deleteReport: fromPromise(({ input, signal }) => deleteTemplate(input.appId, input.reportId, signal)),
    },
    actions: {
      notify: (_, { message, kind }) => {
        notify(message, kind, 3000);
      },
      reportSaved: (_, { id, first }) => {
        void deps.current.queryClient.invalidateQueries({ queryKey: templatesKey(appId) });
        if (!first) return;
        safeStorage('session')?.removeItem(draftStorageKey(appId));
        rekey(entry, keyOf(appId, id));
        bypassLeaveGuard(() => deps.current.navigate(reportPath(id), { replace: true }));
      },
      storeShowSettings: () => {
        safeStorage('local')?.setItem(SHOW_SETTINGS_KEY, 'true');
      },
      reportDeleted: (_, { id }) => {
        const client = deps.current.queryClient;
        client.setQueryData(templatesKey(appId), (list: { id: string }[] | undefined) => list?.filter((t) => t.id !== id));
        void client.invalidateQueries({ queryKey: templatesKey(appId) });
        rekey(entry, keyOf(appId, null));
        bypassLeaveGuard(() => deps.current.navigate(reportPath()));
      },
      logError: (_, { error }) => {
        console.error('[report builder]', error);
      },
    },
  });
  const actor = createActor(machine, { ...actorOptions(), input });
  entry = { key, actor, refs: 0, stopTimer: null, deps };
  // Keep an unsaved new report's configuration for the tab (SPEC-beyond: survives a reload).
  actor.subscribe((snapshot) => {
    const storage = safeStorage('session');
    if (!storage || !snapshot.matches('ready')) return;
    const { reportId, appId: app, config, title, sortTouched } = snapshot.context;
    if (reportId === null && selectDirty(snapshot)) storage.setItem(draftStorageKey(app), serializeDraft(config, title, sortTouched));
    else if (reportId === null) storage.removeItem(draftStorageKey(app));
  });
  actor.start();
  entries.set(key, entry);
  // A page that rendered but never mounted (an interrupted render) must not leave the actor running.
  scheduleStop(entry, 5000);
  return entry;
}

/** The builder actor for this app and report (null = a new report), kept across the new → saved URL change. */
export function useReportBuilder({ workspaceId, appId, reportId, modelId }: { workspaceId: string; appId: string; reportId: string | null; modelId?: string }): ReportBuilderActor {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const depsRef = useRef<Deps>({ navigate, queryClient });
  depsRef.current = { navigate, queryClient };

  const key = keyOf(appId, reportId);
  let entry = entries.get(key);
  if (!entry || entry.actor.getSnapshot().status === 'stopped') {
    entry = create(
      key,
      {
        workspaceId,
        appId,
        reportId,
        modelId,
        settingsOpen: reportId ? readShowSettings() : true,
        draft: reportId ? null : readDraft(appId),
      },
      depsRef,
    );
  } else {
    entry.deps.current = depsRef.current;
  }
  const current = entry;

  useEffect(() => {
    current.refs += 1;
    if (current.stopTimer !== null) {
      window.clearTimeout(current.stopTimer);
      current.stopTimer = null;
    }
    return () => {
      current.refs -= 1;
      if (current.refs <= 0) scheduleStop(current);
    };
  }, [current]);

  // SPEC §4: the showSettings flag is removed on route change — any change but the new → /analyze/report/{id} move.
  useEffect(() => () => {
    window.setTimeout(() => {
      const id = current.actor.getSnapshot().context.reportId;
      if (!id || !window.location.pathname.endsWith(`/analyze/report/${encodeURIComponent(id)}`)) clearShowSettings();
    }, 0);
  }, [current]);

  return current.actor;
}
