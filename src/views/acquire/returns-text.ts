/**
 * How returns per quest read (docs/acquire.md §Returns per quest): a window's figure once some players are mature for
 * it, else "Not mature yet" with the day the first start matures (the KPI card's rule), or a dash without players.
 */
import type { QuestReturns, ReturnsRetention } from '../../contracts/acquire-returns';
import { money } from './questText';

export const NOT_MATURE = 'Not mature yet';
const percent = (value: number) => `${value.toFixed(1)} %`;
const players = (n: number) => `${n} mature player${n === 1 ? '' : 's'}`;

/** A window with no mature players: its words, with the day it matures when there is a start. */
const immature = (matureOn: string | null) => (matureOn ? `${NOT_MATURE} (mature on ${matureOn})` : NOT_MATURE);

/** The grid's ROAS D7 cell: the percentage, "Not mature yet", or a dash (no players, or no charges to divide by). */
export function roasCell(returns: QuestReturns | undefined): string {
  if (!returns || returns.players === 0) return '—';
  if (returns.d7.maturePlayers === 0) return NOT_MATURE;
  return returns.d7.roas === null ? '—' : percent(returns.d7.roas);
}

/** The details' lines: label and text, each window with its maturity. */
export function returnsLines(r: QuestReturns): { label: string; text: string }[] {
  const d7 = r.d7.maturePlayers === 0 ? null : r.d7;
  const retention = (w: ReturnsRetention) =>
    w.maturePlayers === 0 || w.value === null
      ? immature(w.matureOn)
      : `${percent(w.value)} of ${players(w.maturePlayers)}`;
  return [
    { label: 'Cost (charges)', text: money(r.cost) },
    { label: 'Players started', text: String(r.players) },
    {
      label: 'Revenue D7',
      text: d7 ? `${money(d7.revenue)} from ${players(d7.maturePlayers)}` : immature(r.d7.matureOn),
    },
    {
      label: 'ROAS D7',
      text: d7
        ? d7.roas === null
          ? `— (nothing charged for ${players(d7.maturePlayers)})`
          : `${percent(d7.roas)} (${money(d7.revenue)} ÷ ${money(d7.cost)})`
        : immature(r.d7.matureOn),
    },
    { label: 'Retention D1', text: retention(r.retentionD1) },
    { label: 'Retention D7', text: retention(r.retentionD7) },
  ];
}
