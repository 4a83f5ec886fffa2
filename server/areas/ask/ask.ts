/**
 * "Ask Analyze in plain words" (route /analyze/reportAi): a question → the report configuration of the
 * builder, read against the app's live catalogue (every data model's configuration, as GET …/report/config answers
 * it; 409 when the app's Analyze is not enabled). The offline reader (server/areas/ask/parse.ts) always reads
 * it; when a language model is configured (ctx.config.askModel) it is asked first with the question and the
 * catalogue only, and its answer is kept only when server/areas/ask/model.ts accepts it. Nothing is run or
 * written here: the page opens the builder with the report, and the builder runs it through the compiler.
 */
import type { ServerContext } from '../../context';
import { invalid } from '../../errors';
import { listModels, modelConfig } from '../analyze/index';
import { logLine } from '../../log';
import { utcToday } from '../../../src/contracts/analyze';
import type { AskResponse } from '../../../src/contracts/ask';
import { understand, type AskModel } from './parse';
import { acceptProposal, openAiAskModel, type AskLanguageModel, type AskModelSettings } from './model';

/** Said when no metric could be placed (ours). */
export const NOTHING_UNDERSTOOD =
  'I could not find a metric in that question. Pick one of the suggestions or ask again in other words.';

const clients = new WeakMap<AskModelSettings, AskLanguageModel>();
/** The configured language model (one client per configuration), or null. Tests may pass their own. */
export function languageModelOf(ctx: ServerContext): AskLanguageModel | null {
  const settings = ctx.config.askModel;
  if (!settings) return null;
  let client = clients.get(settings);
  if (!client) clients.set(settings, (client = openAiAskModel(settings)));
  return client;
}

export async function askQuestion(
  ctx: ServerContext,
  appId: string,
  question: string,
  languageModel = languageModelOf(ctx),
): Promise<AskResponse> {
  const text = question.trim();
  if (!text) throw invalid('Type a question.', ['question']);
  const models: AskModel[] = await Promise.all(
    listModels(ctx).map(async (m) => ({ id: m.id, name: m.name, config: await modelConfig(ctx, appId, m.id) })),
  );
  const today = utcToday(ctx.now());
  const offline = understand(text, models, today);

  let answer = {
    model: offline.model,
    report: offline.report,
    sortChosen: offline.sortChosen,
    unplaced: offline.unplaced,
    success: offline.success,
    source: 'parser' as 'parser' | 'model',
  };
  if (languageModel) {
    try {
      const accepted = acceptProposal(await languageModel.propose(text, models, today), models);
      if (accepted) {
        const sortChosen = (accepted.report.configuration.order_by ?? []).length > 0;
        answer = {
          model: accepted.model,
          report: accepted.report,
          sortChosen,
          unplaced: [],
          success: true,
          source: 'model',
        };
      } else console.warn(logLine('ask', { model: languageModel.name, outcome: 'refused: not a catalogue report' }));
    } catch (error) {
      console.warn(
        logLine('ask', {
          model: languageModel.name,
          outcome: 'failed',
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  }

  const { config } = answer.model;
  return {
    success: answer.success,
    source: answer.source,
    report: answer.report,
    sort_chosen: answer.sortChosen,
    unplaced: answer.unplaced,
    model_name: answer.model.name,
    metrics: config.select.map((m) => ({
      column_name: m.column_name,
      label: m.label ?? m.column_name,
      data_type: m.data_type,
    })),
    columns: config.group_by_where.map((c) => ({
      column_name: c.column_name,
      label: c.label ?? c.column_name,
      data_type: c.data_type,
      sample_value: c.sample_value,
    })),
    available: config.date_range[0] ?? null,
    today,
    ...(answer.success ? {} : { message: NOTHING_UNDERSTOOD }),
  };
}
