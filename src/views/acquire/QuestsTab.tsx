/**
 * Acquire → Quests (docs/acquire.md §Screens and routes, §Quest states quest menu, §Roles viewers, §Rules and limits grid sizes): a TanStack Table grid (page size 20; 20, 50,
 * 100) of name, status and the analytics totals (viewed, started, completed, % completed) with their sums, and each
 * quest's ROAS D7 ("Not mature yet" until it is: docs/acquire.md §Returns per quest) (scrolling
 * sideways in its card, with a visible cue, when the card is narrower than the table), each row's
 * options menu from the status table (none for viewers), New quest, Publish all and Discard all (asked first: it
 * names the never-published quests it deletes). Menu actions run
 * through the quest-actions flow, the review through quest-review, the editor through quest-editor.
 */
import { useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import {
  QUEST_GRID_PAGE_SIZE,
  QUEST_GRID_PAGE_SIZE_OPTIONS,
  questMenu,
  questStatusRule,
  shownVersion,
  type Quest,
  type QuestMenuItem,
  type SourceEvent,
} from '../../contracts/acquire';
import type { Workspace } from '../../contracts/workspace';
import { useQuestReturnsList, useQuests } from '../../services/acquire.queries';
import type { QuestReturns } from '../../contracts/acquire-returns';
import { NOT_MATURE, roasCell } from './returns-text';
import { questActionsFlow } from '../../machines/quest-actions/quest-actions.actors';
import { selectQuestActions, questActionsActions } from '../../machines/quest-actions/quest-actions.selectors';
import type { QuestRef } from '../../machines/quest-actions/quest-actions.machine';
import { questReviewFlow } from '../../machines/quest-review/quest-review.actors';
import { selectQuestReview, questReviewActions } from '../../machines/quest-review/quest-review.selectors';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { ConfirmDialog, FlowConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyState } from '../ui/EmptyState';
import { Table, type TableColumn } from '../ui/Table';
import { Spinner } from '../ui/Spinner';
import { viewerDenied } from '../ui/permissions';
import { QuestEditorDialog } from './QuestEditorDialog';
import { QuestReviewDialog } from './QuestReviewDialog';
import { QuestDetailsDialog } from './QuestDetailsDialog';
import { useActions } from '../flows/useActions';
import { StatusBadge } from './StatusBadge';
import { PacingCard } from './PacingCard';

interface Row {
  quest: Quest;
  name: string;
  status: string;
  viewed: number;
  started: number;
  completed: number;
  percent: number;
  /** Undefined while loading or when the returns could not be loaded. */
  returns: QuestReturns | undefined;
}
const count = new Intl.NumberFormat('en-US');
const percent = (value: number) => `${value.toFixed(1)} %`;

const HEADER_CELL = 'border-b border-slate-200 bg-slate-50 px-2 py-2 font-semibold sm:px-4 text-slate-700';
const CELL = 'border-b border-slate-100 px-2 py-2 whitespace-nowrap sm:px-4 text-slate-800';
const numeric = (header: string, value: (row: Row) => string): TableColumn<Row> => ({
  header,
  cell: value,
  headerClassName: 'text-right',
  className: 'text-right tabular-nums',
});
/** The grid's columns; the name opens the quest's details (read-only, every role). */
const columnsOf = (onDetails: (quest: Quest) => void): TableColumn<Row>[] => [
  {
    header: 'Name',
    headerClassName: 'text-left',
    cell: (row) => (
      <button
        type="button"
        onClick={() => onDetails(row.quest)}
        className="rounded font-medium text-slate-900 underline decoration-slate-300 underline-offset-2 hover:decoration-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        {row.name}
      </button>
    ),
  },
  {
    header: 'Status',
    headerClassName: 'text-left',
    cell: (row) => <StatusBadge status={row.status} draftOnly={row.quest.active === null} />,
  },
  numeric('Viewed', (row) => count.format(row.viewed)),
  numeric('Started', (row) => count.format(row.started)),
  numeric('Completed', (row) => count.format(row.completed)),
  numeric('% Completed', (row) => percent(row.percent)),
  {
    header: 'ROAS D7',
    headerClassName: 'text-right',
    className: 'text-right tabular-nums',
    cell: (row) => {
      const text = roasCell(row.returns);
      return text === NOT_MATURE ? <span className="text-xs text-amber-800">{text}</span> : text;
    },
  },
];

const refOf = (quest: Quest): QuestRef => ({
  id: quest.id,
  name: shownVersion(quest)?.name ?? quest.id,
  hasActive: quest.active !== null,
  hasDraft: quest.draft !== null,
});

export default function QuestsTab({
  appId,
  workspace,
  events,
}: {
  appId: string;
  workspace: Workspace;
  events: SourceEvent[];
}) {
  const quests = useQuests(appId);
  const returns = useQuestReturnsList(appId);
  const questActor = useFlowActor(questActionsFlow, { appId }, { key: `quest-actions:${appId}` });
  const review = useFlowActor(questReviewFlow, { appId }, { key: `quest-review:${appId}` });
  const actionsView = useSelector(questActor, selectQuestActions);
  const reviewView = useSelector(review, selectQuestReview);
  const questActions = useActions(questActor, questActionsActions);
  const reviewActions = useActions(review, questReviewActions);
  const [editing, setEditing] = useState<{ quest: Quest | null } | null>(null);
  const [details, setDetails] = useState<Quest | null>(null);
  const columns = useMemo(() => columnsOf(setDetails), []);
  const denied = viewerDenied(workspace.role);

  const data = useMemo<Row[]>(
    () =>
      (quests.data ?? []).map((quest) => {
        const version = shownVersion(quest);
        const a = version?.analytics;
        return {
          quest,
          name: version?.name ?? quest.id,
          status: version?.status ?? 'DRAFT',
          viewed: a?.totalViewed ?? 0,
          started: a?.totalStarted ?? 0,
          completed: a?.totalCompleted ?? 0,
          percent: a?.percentageCompleted ?? 0,
          returns: returns.data?.find((r) => r.questId === quest.id),
        };
      }),
    [quests.data, returns.data],
  );
  const totals = useMemo(
    () =>
      data.reduce(
        (t, r) => ({
          viewed: t.viewed + r.viewed,
          started: t.started + r.started,
          completed: t.completed + r.completed,
        }),
        { viewed: 0, started: 0, completed: 0 },
      ),
    [data],
  );
  const withChanges = data.filter((r) => r.quest.draft !== null).length;

  if (quests.isPending) return <Spinner label="Loading quests" />;
  if (quests.isError)
    return (
      <p role="alert" className="rounded-lg bg-rose-50 px-4 py-3 text-sm text-rose-700">
        The quests could not be loaded. Reload the page to try again.
      </p>
    );

  const onMenu = (item: QuestMenuItem, quest: Quest) => {
    if (item === 'Edit') setEditing({ quest });
    else if (item === 'Review Edits') reviewActions.open(quest.id);
    else if (item === 'Restart') questActions.restart(refOf(quest));
    else if (item === 'Stop') questActions.stop(refOf(quest));
    else questActions.remove(refOf(quest));
  };

  return (
    <div className="space-y-4">
      <PacingCard appId={appId} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {withChanges === 0
            ? 'No unpublished changes.'
            : `${withChanges} quest${withChanges === 1 ? ' has' : 's have'} unpublished changes.`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            deniedReason={denied}
            disabled={withChanges === 0 || reviewView.bulkBusy}
            busy={reviewView.discardingAll}
            onClick={() => reviewActions.discardAll(quests.data ?? [])}
          >
            Discard all
          </Button>
          <Button
            variant="secondary"
            deniedReason={denied}
            disabled={withChanges === 0 || reviewView.bulkBusy}
            busy={reviewView.publishingAll}
            onClick={reviewActions.publishAll}
          >
            Publish all
          </Button>
          <Button deniedReason={denied} onClick={() => setEditing({ quest: null })}>
            New quest
          </Button>
        </div>
      </div>

      {returns.isError && (
        <p role="alert" className="text-sm text-rose-700">
          ROAS D7 could not be loaded. Reload the page to try again.
        </p>
      )}
      {data.length === 0 ? (
        <EmptyState title="No quests yet">Save your target with suggestions on, or create a quest.</EmptyState>
      ) : (
        <section aria-label="Quests" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <Table
            frame={{ scroll: 'Quests table' }}
            classes={{
              table: 'min-w-full text-sm',
              head: '',
              headerCell: HEADER_CELL,
              body: '',
              row: 'even:bg-slate-50/60',
              cell: CELL,
            }}
            rows={data}
            rowKey={(row) => row.quest.id}
            rowAttributes={(row) => ({ 'data-quest-id': row.quest.id })}
            columns={columns}
            rowActions={
              denied
                ? null
                : {
                    label: 'Options',
                    headerClassName: 'sticky right-0 border-b border-slate-200 bg-slate-50 px-4 py-2',
                    className: 'sticky right-0 w-14 border-b border-slate-100 bg-white px-2 py-1 text-right',
                    cell: (row) => <QuestMenu quest={row.quest} busy={actionsView.busy} onPick={onMenu} />,
                  }
            }
            footer={
              <tr className="font-semibold text-slate-900">
                <th scope="row" className="px-4 py-2 text-left">
                  Total
                </th>
                <td />
                <td className="px-4 py-2 text-right tabular-nums" data-testid="total-viewed">
                  {count.format(totals.viewed)}
                </td>
                <td className="px-4 py-2 text-right tabular-nums" data-testid="total-started">
                  {count.format(totals.started)}
                </td>
                <td className="px-4 py-2 text-right tabular-nums" data-testid="total-completed">
                  {count.format(totals.completed)}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {percent(totals.started === 0 ? 0 : Math.round((totals.completed / totals.started) * 1000) / 10)}
                </td>
                <td />
                {!denied && <td />}
              </tr>
            }
            pagination={{
              label: 'Quest pages',
              pageSize: QUEST_GRID_PAGE_SIZE,
              pageSizes: QUEST_GRID_PAGE_SIZE_OPTIONS,
            }}
          />
        </section>
      )}

      <ConfirmDialog
        open={actionsView.confirmStop}
        title="Stop quest"
        message={`Stop ${actionsView.quest?.name ?? 'this quest'}? Players will no longer see it and nothing more is charged.`}
        confirmLabel="Stop"
        busy={actionsView.busy}
        onConfirm={questActions.confirm}
        onCancel={questActions.cancel}
      />
      <ConfirmDialog
        open={actionsView.confirmDelete}
        title="Delete quest"
        message={`Delete ${actionsView.quest?.name ?? 'this quest'}? Its published version and its draft are removed.`}
        confirmLabel="Delete"
        busy={actionsView.busy}
        onConfirm={questActions.confirm}
        onCancel={questActions.cancel}
      />
      {editing && (
        <QuestEditorDialog
          appId={appId}
          quest={editing.quest}
          events={events}
          defaultCountries={[]}
          onClose={() => setEditing(null)}
        />
      )}
      {details && <QuestDetailsDialog appId={appId} quest={details} onClose={() => setDetails(null)} />}
      <FlowConfirmDialog view={reviewView.discardAllConfirm} actions={reviewActions} confirmLabel="Discard all" />
      <QuestReviewDialog
        actor={review}
        view={reviewView}
        quest={data.find((r) => r.quest.id === reviewView.questId)?.quest ?? null}
      />
    </div>
  );
}

function QuestMenu({
  quest,
  busy,
  onPick,
}: {
  quest: Quest;
  busy: boolean;
  onPick: (item: QuestMenuItem, quest: Quest) => void;
}) {
  const version = shownVersion(quest);
  const items = questMenu(quest, questStatusRule(version?.status ?? 'DRAFT'));
  return (
    <Menu>
      <MenuButton
        aria-label={`Options for ${version?.name ?? 'quest'}`}
        disabled={busy}
        className="flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:cursor-wait disabled:opacity-60 data-open:bg-slate-100"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5">
          <path d="M10 6a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm0 5.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm0 5.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Z" />
        </svg>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-1 w-48 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none"
      >
        {items.map((item) => (
          <MenuItem key={item}>
            <button
              type="button"
              onClick={() => onPick(item, quest)}
              className={`flex w-full rounded-lg px-3 py-2 text-left text-sm ${item === 'Delete' || item === 'Stop' ? 'text-rose-600 data-focus:bg-rose-50' : 'text-slate-700 data-focus:bg-slate-100'}`}
            >
              {item}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
