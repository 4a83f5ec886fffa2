/**
 * The ask-analyze flow bound to the ask service, the router (a dep from the page) and the report builder's session
 * draft: a confirmed question is written as the builder's draft of a new report (the same draft a reload keeps;
 * report-builder.logic serializeDraft format) with a one-shot "run it" mark, then the page moves to /analyze/report.
 * The builder page opens the draft through its usual input and, seeing the mark, sends its ordinary RUN once it is
 * ready (src/views/analyze/useReportBuilder.ts): no new builder state or event.
 */
import { fromPromise } from 'xstate';
import { askAnalyzeMachine } from './ask-analyze.machine';
import { builderDraft } from './ask-analyze.logic';
import { defineFlow } from '../shared/flow';
import { handOff } from './ask-analyze.handoff';
import { askQuestion } from '../../services/ask.service';
import { href } from '../../paths';

export interface AskAnalyzeDeps {
  workspaceId: string;
  navigate(to: string): void;
}

export const askAnalyzeFlow = defineFlow({
  name: 'ask-analyze',
  bind: (deps: () => AskAnalyzeDeps) =>
    askAnalyzeMachine.provide({
      actors: {
        ask: fromPromise(({ input, signal }) => askQuestion(input.appId, input.question, signal)),
      },
      actions: {
        openBuilder: (_, { appId, question, report, sortChosen }) => {
          handOff(appId, JSON.stringify({ version: 1, ...builderDraft(report, question, sortChosen) }));
          deps().navigate(href.app(deps().workspaceId, appId, 'analyze/report'));
        },
        logError: (_, { error }) => {
          console.error('[ask analyze]', error);
        },
      },
    }),
});
