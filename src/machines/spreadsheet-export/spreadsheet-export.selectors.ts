/** View model of the Google Sheets export (the Export As menu and its blocked pop-up notice). */
import type { SnapshotFrom } from 'xstate';
import type { spreadsheetExportMachine } from './spreadsheet-export.machine';
import type { EventOf, SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof spreadsheetExportMachine>;

export type SpreadsheetExportPhase = 'idle' | 'authorizing' | 'working' | 'blocked' | 'done' | 'failed';

export const selectSpreadsheetExport = (s: Snapshot) => {
  const phase: SpreadsheetExportPhase = s.matches('authorizing')
    ? 'authorizing'
    : s.matches('creating') || s.matches('appending') || s.matches('opening') || s.matches('launching')
      ? 'working'
      : s.matches('blocked')
        ? 'blocked'
        : s.matches('done')
          ? 'done'
          : s.matches('failed')
            ? 'failed'
            : 'idle';
  return {
    phase,
    busy: phase === 'authorizing' || phase === 'working',
    /** What RETRY will open: the kept sign-in URL, or the spreadsheet whose tab was blocked. */
    blockedStep: s.matches({ blocked: 'sheet' })
      ? ('sheet' as const)
      : s.matches({ blocked: 'signIn' })
        ? ('signIn' as const)
        : null,
    sheetUrl: s.context.spreadsheet?.url ?? null,
  };
};

/** The events the export menu sends, as named senders. */
export const spreadsheetExportActions = (send: SendTo<typeof spreadsheetExportMachine>) => ({
  exportSheet: (title: string, values: EventOf<typeof spreadsheetExportMachine, 'EXPORT'>['values']) =>
    send({ type: 'EXPORT', title, values }),
  retry: () => send({ type: 'RETRY' }),
  dismiss: () => send({ type: 'DISMISS' }),
});
