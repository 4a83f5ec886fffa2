/**
 * Saved questions (docs/analyze.md §Saved questions): one store for the analyses saved by kind (cohort tables,
 * funnels, and whatever kind comes next) as rows of report_templates, the configuration holding the question. Each
 * kind gives its name, the words of its not-found, its title bounds, its data model and a check that the question
 * compiles against the app's data; the store lists, opens, saves (creates, updates or renames) and deletes them, each
 * change in one transaction with its activity entry (report.saved / report.deleted).
 */
import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import type { Selectable } from 'kysely';
import type { ReportTemplatesTable } from '../../db/schema';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { changesOf } from '../../../src/contracts/domain-events';
import { conflict, invalid, notFound } from '../../errors';
import { newId } from '../../auth/crypto';
import { asDomainError, workspaceOfApp } from './analyze';

export interface QuestionSummary {
  id: string;
  title: string;
  updated_at: string;
}

export interface SavedQuestionKind<Q> {
  /** report_templates.kind, and the key of the question in the activity entry's changes. */
  kind: string;
  /** The question's contract (src/contracts): a kept configuration is decoded with it when opened. */
  codec: t.Type<Q, unknown, unknown>;
  /** What a missing one is called in the 404 ('Funnel'). */
  label: string;
  defaultTitle: string;
  titleMax: number;
  titleMessage: string;
  /** report_templates.model_id. */
  modelId: string;
  /** Throws (a domain error or one asDomainError turns into one) when the question does not compile for the app. */
  check(ctx: ServerContext, appId: string, question: Q): Promise<void>;
}

export interface SaveQuestionRequest<Q> {
  id?: string | null;
  title: string;
  question: Q;
}

const toSummary = (row: Pick<Selectable<ReportTemplatesTable>, 'id' | 'title' | 'updated_at'>): QuestionSummary => ({
  id: row.id,
  title: row.title,
  updated_at: new Date(row.updated_at).toISOString(),
});

/** The list/get/save/delete of one kind of saved question. */
export function savedQuestions<Q>(spec: SavedQuestionKind<Q>) {
  const find = (ctx: ServerContext, appId: string, id: string) =>
    ctx.db
      .selectFrom('report_templates')
      .selectAll()
      .where('id', '=', id)
      .where('app_id', '=', appId)
      .where('kind', '=', spec.kind)
      .executeTakeFirst();

  async function list(ctx: ServerContext, appId: string): Promise<QuestionSummary[]> {
    const rows = await ctx.db
      .selectFrom('report_templates')
      .select(['id', 'title', 'updated_at'])
      .where('app_id', '=', appId)
      .where('kind', '=', spec.kind)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(toSummary);
  }

  async function get(ctx: ServerContext, appId: string, id: string): Promise<QuestionSummary & { question: Q }> {
    const row = await find(ctx, appId, id);
    if (!row) throw notFound(spec.label);
    // A row written under an older contract is refused by name rather than handed to the page half-understood.
    const question = spec.codec.decode(row.configuration);
    if (isLeft(question))
      throw conflict(
        `This saved ${spec.label.toLowerCase()} was kept in a form this version cannot open. Save it again from a new one.`,
        'saved_question_outdated',
      );
    return { ...toSummary(row), question: question.right };
  }

  /** Saves (creates, updates or renames) a question after checking it compiles against the app's data. */
  async function save(
    ctx: ServerContext,
    appId: string,
    accountId: string,
    body: SaveQuestionRequest<Q>,
  ): Promise<QuestionSummary> {
    const title = body.title.trim() || spec.defaultTitle;
    if (title.length > spec.titleMax) throw invalid(spec.titleMessage, ['title']);
    try {
      await spec.check(ctx, appId, body.question);
    } catch (error) {
      throw asDomainError(error);
    }
    const now = ctx.now();
    return inTransaction(ctx, async (tx) => {
      const existing = body.id ? await find(tx, appId, body.id) : undefined;
      if (body.id && !existing) throw notFound(spec.label);
      const values = { title, model_id: spec.modelId, configuration: JSON.stringify(body.question), updated_at: now };
      const id = existing?.id ?? newId();
      if (existing) await tx.db.updateTable('report_templates').set(values).where('id', '=', id).execute();
      else
        await tx.db
          .insertInto('report_templates')
          .values({ id, app_id: appId, created_by: accountId, kind: spec.kind, ...values })
          .execute();
      const changes = changesOf(existing ? { title: existing.title, [spec.kind]: existing.configuration } : null, {
        title,
        [spec.kind]: body.question,
      });
      if (changes.length)
        await emit(tx, 'report.saved', {
          workspaceId: await workspaceOfApp(tx, appId),
          appId,
          reportId: id,
          title,
          changes,
        });
      return { id, title, updated_at: now.toISOString() };
    });
  }

  async function remove(ctx: ServerContext, appId: string, id: string): Promise<void> {
    await inTransaction(ctx, async (tx) => {
      const deleted = await tx.db
        .deleteFrom('report_templates')
        .where('id', '=', id)
        .where('app_id', '=', appId)
        .where('kind', '=', spec.kind)
        .returning(['title'])
        .executeTakeFirst();
      if (!deleted) throw notFound(spec.label);
      await emit(tx, 'report.deleted', {
        workspaceId: await workspaceOfApp(tx, appId),
        appId,
        reportId: id,
        title: deleted.title,
        changes: changesOf({ title: deleted.title }, null),
      });
    });
  }

  return { list, get, save, remove };
}
