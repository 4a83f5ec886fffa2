/**
 * The spreadsheet-export flow bound to src/services/google-sheets.service.ts and the snackbars. Each actor gets its
 * own GoogleTokenHolder: the Google token stays in this closure (memory), never in the machine, its context or its
 * events (which the flow inspector sees). Dep from the page: the Google OAuth client id (null: not configured).
 */
import { fromCallback, fromPromise } from 'xstate';
import { spreadsheetExportMachine, type SignInCommand, type SignInInput } from './spreadsheet-export.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import {
  appendValues,
  createSpreadsheet,
  GOOGLE_SHEETS_NOT_CONFIGURED,
  GoogleTokenHolder,
  openSheetWindow,
  startPopupSignIn,
} from '../../services/google-sheets.service';

/** The Google OAuth client id this server is configured with (null: the export is off), and the words saying so. */
export {
  googleClientId as configuredGoogleClientId,
  GOOGLE_SHEETS_NOT_CONFIGURED,
} from '../../services/google-sheets.service';

export interface SpreadsheetExportDeps {
  clientId: string | null;
}

export const spreadsheetExportFlow = defineFlow({
  name: 'spreadsheet-export',
  bind: (deps: () => SpreadsheetExportDeps) => {
    const tokens = new GoogleTokenHolder();
    return spreadsheetExportMachine.provide({
      actors: {
        signIn: fromCallback<SignInCommand, SignInInput>(({ input, sendBack, receive }) => {
          const { clientId } = deps();
          if (!clientId) throw new Error(GOOGLE_SHEETS_NOT_CONFIGURED);
          const signIn = startPopupSignIn({ clientId, ...input }, tokens, sendBack);
          receive((command) => {
            if (command.type === 'CHECK_POPUP') signIn.checkPopup();
          });
          return () => signIn.stop();
        }),
        createSpreadsheet: fromPromise(({ input, signal }) =>
          tokens.use((accessToken) => createSpreadsheet({ ...input, accessToken }, signal)),
        ),
        appendValues: fromPromise(({ input, signal }) =>
          tokens.use((accessToken) => appendValues({ ...input, accessToken }, signal)),
        ),
        openSheet: fromPromise(async ({ input }) => ({ opened: openSheetWindow(input.url) })),
      },
      actions: { notify: showNotice },
    });
  },
});
