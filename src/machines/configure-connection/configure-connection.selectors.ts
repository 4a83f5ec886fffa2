/** View model of the Configure Connection dialog (docs/integrations.md §Screens and routes, §Plugin states save-disabled rules, §Rules and limits IAM table, §Messages copy). */
import {
  credentialsOfType,
  permissionRows,
  projectNameError,
  projectsOf,
  saveBlocker,
  selectedCredential,
  type ConfigureConnectionSnapshot,
} from './configure-connection.machine';
import { hasAllRoles, IAM_MISSING } from '../../contracts/integrations';
import type { EventOf, SendTo } from '../shared/flow';
import type { configureConnectionMachine } from './configure-connection.machine';

export function selectConnectionDialog(s: ConfigureConnectionSnapshot) {
  const c = s.context;
  const credential = selectedCredential(c);
  const rows = permissionRows(c);
  const busy =
    s.matches({ open: 'saving' }) || s.matches({ open: 'creatingProduct' }) || s.matches({ open: 'uploading' });
  return {
    open: s.matches('open'),
    loading: s.matches({ open: 'loading' }),
    busy,
    saving: s.matches({ open: 'saving' }) || s.matches({ open: 'creatingProduct' }),
    uploading: s.matches({ open: 'uploading' }),
    sandbox: c.provider === 'sandbox',
    pluginType: c.pluginType,
    isAdmin: c.role === 'admin',
    authType: c.authType,
    credentials: credentialsOfType(c, c.authType),
    credentialId: c.credentialId,
    credentialEmail:
      credential?.authenticatedEntity.email ?? (c.authType === 'TP_SERVICE_ACCOUNT' ? c.productServiceAccount : null),
    projects: projectsOf(credential),
    project: c.project,
    writeBack: c.writeBack,
    projectName: c.projectName,
    projectNameError: projectNameError(c),
    fileName: c.file?.name ?? null,
    fileError: c.fileError,
    rows,
    missingNote: rows.length > 0 && !hasAllRoles(rows) ? IAM_MISSING : null,
    saveBlocker: busy ? 'Saving…' : saveBlocker(c),
  };
}
export type ConnectionDialogView = ReturnType<typeof selectConnectionDialog>;

/** The events the Configure connection dialog sends, as named senders. */
export const configureConnectionActions = (send: SendTo<typeof configureConnectionMachine>) => ({
  open: (request: Omit<EventOf<typeof configureConnectionMachine, 'OPEN'>, 'type'>) =>
    send({ type: 'OPEN', ...request }),
  close: () => send({ type: 'CLOSE' }),
  setAuth: (value: EventOf<typeof configureConnectionMachine, 'SET_AUTH'>['value']) =>
    send({ type: 'SET_AUTH', value }),
  setCredential: (value: string) => send({ type: 'SET_CREDENTIAL', value }),
  setProject: (value: string) => send({ type: 'SET_PROJECT', value }),
  setWriteBack: (value: boolean) => send({ type: 'SET_WRITE_BACK', value }),
  setProjectName: (value: string) => send({ type: 'SET_PROJECT_NAME', value }),
  pickFile: (file: EventOf<typeof configureConnectionMachine, 'PICK_FILE'>['file']) =>
    send({ type: 'PICK_FILE', file }),
  upload: () => send({ type: 'UPLOAD' }),
  save: () => send({ type: 'SAVE' }),
  signIn: () => send({ type: 'SIGN_IN' }),
});
