/**
 * The report-builder actor of a builder page: the report-builder flow's actor for this app and report, from
 * useFlowActor (which keeps it across the new → /analyze/report/{id} URL change; see report-builder.actors.ts).
 * The page's deps: the router, through the leave guard's bypass (the builder's own moves are not "leaving").
 *
 * The showSettings flag is removed by the router on any location but the saved report's (show-settings.ts).
 *
 * A question confirmed on /analyze/reportAi arrives as this app's new-report draft with a "run it" mark
 * (ask-analyze.actors.ts): once the builder is ready with it, the ordinary RUN is sent, once.
 */
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useLocation } from 'wouter';
import type { reportBuilderMachine } from '../../machines/report-builder/report-builder.machine';
import {
  reportBuilderFlow,
  reportBuilderInput,
  reportBuilderKey,
} from '../../machines/report-builder/report-builder.actors';
import { askRunPending, clearAskRun } from '../../machines/ask-analyze/ask-analyze.handoff';
import { reportBuilderActions } from '../../machines/report-builder/report-builder.selectors';
import { useFlowActor } from '../flows/useFlowActor';
import { bypassLeaveGuard } from './useLeaveGuard';

export type ReportBuilderActor = ActorRefFrom<typeof reportBuilderMachine>;

/** The builder actor for this app and report (null = a new report), kept across the new → saved URL change. */
export function useReportBuilder({
  workspaceId,
  appId,
  reportId,
  modelId,
}: {
  workspaceId: string;
  appId: string;
  reportId: string | null;
  modelId?: string;
}): ReportBuilderActor {
  const [, navigate] = useLocation();
  const actor = useFlowActor(reportBuilderFlow, () => reportBuilderInput({ appId, reportId, modelId }), {
    key: reportBuilderKey({ appId, reportId }),
    deps: { workspaceId, navigate: (to, options) => bypassLeaveGuard(() => navigate(to, options)) },
  });

  useEffect(() => {
    if (reportId !== null || !askRunPending(appId)) return;
    const runWhenReady = (snapshot: ReturnType<ReportBuilderActor['getSnapshot']>) => {
      if (!snapshot.matches({ ready: 'editing' }) || !askRunPending(appId)) return;
      clearAskRun(appId);
      reportBuilderActions((event) => actor.send(event)).run();
    };
    const subscription = actor.subscribe(runWhenReady);
    runWhenReady(actor.getSnapshot());
    return () => subscription.unsubscribe();
  }, [actor, appId, reportId]);

  return actor;
}
