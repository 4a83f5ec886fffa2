/**
 * The report-builder flow bound to the analytics service, the snackbars, the cached report lists, the router (a dep
 * from the page) and storage.
 *
 * One actor per app and report, keyed `appId:reportId` (`appId:new` for a new report). Its key follows its state:
 * the first run of a new report saves it and moves the URL to /analyze/report/{id} (docs/analyze.md §Report states, no reload), which is
 * another route and so mounts a new page; useFlowActor finds this same running actor under `appId:id` and hands it
 * to that page with its results, instead of loading the report again.
 *
 * Storage (docs/analyze.md §Report states and ours):
 *  - localStorage `showSettings` (show-settings.ts): the id of the report the first successful run saved, read when
 *    a saved report opens, removed by the router on any other location;
 *  - sessionStorage draft of an unsaved new report, per app: written while it has changes, re-applied after a
 *    reload, dropped once the report is saved or the builder is left in the app (the actor stops).
 */
import { fromPromise } from 'xstate';
import { reportBuilderMachine, type ReportBuilderInput } from './report-builder.machine';
import { selectDirty } from './report-builder.selectors';
import { draftStorageKey, parseDraft, serializeDraft } from './report-builder.logic';
import { readShowSettings, storeShowSettings } from './show-settings';
import { liveDeleteReportMachine } from '../delete-report/delete-report.actors';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { fetchModelConfig, openReport, runReport, saveReport } from '../../services/analyze.service';
import { templatesKey } from '../../services/analyze.queries';
import { Report } from '../../contracts/analyze';
import { queryClient } from '../../queryClient';
import { href } from '../../paths';

export interface ReportBuilderDeps {
  workspaceId: string;
  /** The builder's own moves (the new report's URL, the blank report after a delete): never held back as "leaving". */
  navigate(to: string, options?: { replace?: boolean }): void;
}

function safeStorage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

const readDraft = (appId: string) =>
  parseDraft(safeStorage('session')?.getItem(draftStorageKey(appId)) ?? null, Report);

/** The key of the builder of this app and report. */
export const reportBuilderKey = ({ appId, reportId }: { appId: string; reportId?: string | null }) =>
  `${appId}:${reportId ?? 'new'}`;

/** The machine's input for a page: a saved report opens with the stored showSettings flag, a new one with its draft. */
export const reportBuilderInput = ({
  appId,
  reportId,
  modelId,
}: {
  appId: string;
  reportId: string | null;
  modelId?: string;
}): ReportBuilderInput => ({
  appId,
  reportId,
  modelId,
  settingsOpen: reportId ? readShowSettings(reportId) : true,
  draft: reportId ? null : readDraft(appId),
});

export const reportBuilderFlow = defineFlow({
  name: 'report-builder',
  bind: (deps: () => ReportBuilderDeps) =>
    reportBuilderMachine.provide({
      actors: {
        loadConfig: fromPromise(({ input, signal }) => fetchModelConfig(input.appId, input.modelId, signal)),
        loadReport: fromPromise(({ input, signal }) => openReport(input.appId, input.reportId, signal)),
        runReport: fromPromise(({ input, signal }) => runReport(input.appId, input.request, signal)),
        saveTitle: fromPromise(({ input, signal }) => saveReport(input.appId, input.request, signal)),
        deleteReport: liveDeleteReportMachine,
      },
      actions: {
        notify: showNotice,
        reportSaved: ({ context }, { id, first }) => {
          void queryClient.invalidateQueries({ queryKey: templatesKey(context.appId) });
          if (!first) return;
          safeStorage('session')?.removeItem(draftStorageKey(context.appId));
          deps().navigate(href.app(deps().workspaceId, context.appId, `analyze/report/${encodeURIComponent(id)}`), {
            replace: true,
          });
        },
        storeShowSettings: ({ context }) => {
          if (context.reportId) storeShowSettings(context.reportId);
        },
        reportDeleted: ({ context }) => {
          deps().navigate(href.app(deps().workspaceId, context.appId, 'analyze/report'));
        },
        logError: (_, { error }) => {
          console.error('[report builder]', error);
        },
      },
    }),
  keyOf: (snapshot) => reportBuilderKey(snapshot.context),
  attach: (actor) => {
    // Keep an unsaved new report's configuration for the tab (docs/analyze.md §Decisions: survives a reload).
    const subscription = actor.subscribe((snapshot) => {
      const storage = safeStorage('session');
      if (!storage || !snapshot.matches('ready')) return;
      const { reportId, appId, config, title, sortTouched } = snapshot.context;
      if (reportId === null && selectDirty(snapshot))
        storage.setItem(draftStorageKey(appId), serializeDraft(config, title, sortTouched));
      else if (reportId === null) storage.removeItem(draftStorageKey(appId));
    });
    return () => {
      subscription.unsubscribe();
      // Leaving the builder in the app discards a new report's draft (a reload keeps it: nothing stops then).
      const { reportId, appId } = actor.getSnapshot().context;
      if (reportId === null) safeStorage('session')?.removeItem(draftStorageKey(appId));
    };
  },
});
