/**
 * 'Export As' menu of the results (docs/analyze.md §Screens and routes Report builder, §API endpoints local export and spreadsheets, §Messages export messages):
 * CSV, Excel, Google Sheets and Copy to Clipboard. Every export writes the same neutralised matrix
 * (src/lib/exports.ts). Google Sheets runs the spreadsheet-export flow's actor; the pop-up opens from the click
 * itself so browsers allow it. Without a configured Google client id the item is disabled and says why.
 */
import { useId, useState } from 'react';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import {
  configuredGoogleClientId,
  GOOGLE_SHEETS_NOT_CONFIGURED,
  spreadsheetExportFlow,
} from '../../../machines/spreadsheet-export/spreadsheet-export.actors';
import {
  selectSpreadsheetExport,
  spreadsheetExportActions,
} from '../../../machines/spreadsheet-export/spreadsheet-export.selectors';
import { copyToClipboard, exportCsv, exportExcel, sheetKindOf, toSheetValues } from '../../../lib/exports';
import { toMatrix, type ResultRow } from '../../../lib/report-rows';
import { useFlowActor } from '../../flows/useFlowActor';
import type { ResultColumn } from './result-columns';
import { Spinner } from '../../ui/Spinner';
import { useActions } from '../../flows/useActions';

export interface ExportMenuProps {
  /** The report title: the Google spreadsheet is named after it. */
  title: string;
  rows: ResultRow[];
  /** The columns in order: their labels head every export, their data types make Excel dates. */
  columns: readonly ResultColumn[];
  /** The Google OAuth client id; defaults to the configured `VITE_GOOGLE_CLIENT_ID` (null: Google Sheets disabled). */
  googleClientId?: string | null;
}

const itemClass =
  'flex w-full items-start gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-disabled:cursor-not-allowed data-disabled:text-slate-400';

export function ExportMenu({ title, rows, columns, googleClientId: clientIdProp }: ExportMenuProps) {
  const clientId = clientIdProp === undefined ? configuredGoogleClientId() : clientIdProp;
  const actor = useFlowActor(spreadsheetExportFlow, undefined, { deps: { clientId } });
  const actions = useActions(actor, spreadsheetExportActions);
  const sheets = useSelector(actor, selectSpreadsheetExport);
  const [localBusy, setLocalBusy] = useState<null | 'excel'>(null);
  const explanationId = useId();

  const matrix = () => toMatrix(rows, columns);
  const kinds = () => columns.map((column) => sheetKindOf(column.dataType));
  const busy = sheets.busy || localBusy !== null;

  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {sheets.phase === 'blocked' && (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-1.5 text-xs text-amber-900 ring-1 ring-amber-200"
        >
          <span>
            {sheets.blockedStep === 'sheet'
              ? 'Your Google Sheet is ready, but the pop-up was blocked.'
              : 'The Google sign-in pop-up was blocked.'}
          </span>
          <button
            type="button"
            onClick={actions.retry}
            className="rounded-md bg-amber-600 px-2 py-1 font-semibold text-white hover:bg-amber-500"
          >
            {sheets.blockedStep === 'sheet' ? 'Open Google Sheet' : 'Try again'}
          </button>
          <button
            type="button"
            onClick={actions.dismiss}
            aria-label="Dismiss"
            className="rounded px-1 text-amber-700 hover:text-amber-900"
          >
            ✕
          </button>
        </div>
      )}
      {sheets.busy && (
        <span role="status" className="flex items-center gap-1.5 text-xs text-slate-500">
          <Spinner className="size-3.5" />
          {sheets.phase === 'authorizing' ? 'Waiting for Google sign-in…' : 'Exporting to Google Sheets…'}
        </span>
      )}
      <Menu as="div" className="relative">
        <MenuButton
          aria-busy={busy || undefined}
          className="inline-flex items-center gap-2 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {localBusy ? <Spinner className="size-4" /> : <DownloadIcon />}
          Export As
          <svg viewBox="0 0 20 20" className="size-4 text-slate-400" aria-hidden="true">
            <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" />
          </svg>
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          className="z-50 mt-2 w-72 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none"
        >
          <MenuItem>
            <button type="button" className={itemClass} onClick={() => void exportCsv(matrix())}>
              CSV
            </button>
          </MenuItem>
          <MenuItem disabled={localBusy === 'excel'}>
            <button
              type="button"
              className={itemClass}
              onClick={() => {
                setLocalBusy('excel');
                void exportExcel(matrix(), undefined, undefined, kinds()).finally(() => setLocalBusy(null));
              }}
            >
              Excel
            </button>
          </MenuItem>
          <MenuItem disabled={!clientId || sheets.phase === 'working'}>
            <button
              type="button"
              className={itemClass}
              aria-describedby={clientId ? undefined : explanationId}
              onClick={() => actions.exportSheet(title.trim() || 'Report', toSheetValues(matrix()))}
            >
              <span className="flex flex-col">
                <span>Google Sheets</span>
                {!clientId && (
                  <span id={explanationId} className="mt-0.5 text-xs text-slate-500">
                    {GOOGLE_SHEETS_NOT_CONFIGURED}
                  </span>
                )}
              </span>
            </button>
          </MenuItem>
          <MenuItem>
            <button type="button" className={itemClass} onClick={() => void copyToClipboard(matrix())}>
              Copy to Clipboard
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      className="size-4 text-slate-500"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <path d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14.5V16h12v-1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
