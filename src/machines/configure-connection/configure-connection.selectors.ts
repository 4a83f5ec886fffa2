/** View model of the Configure Connection dialog (docs/integrations.md §Screens and routes, §Plugin states save-disabled rules, §Rules and limits IAM table, §Messages copy). */
import {
  credentialsOfType, permissionRows, projectNameError, projectsOf, saveBlocker, selectedCredential,
  type ConfigureConnectionSnapshot,
} from './configure-connection.machine';
import { hasAllRoles, IAM_MISSING } from '../../contracts/integrations';

export function selectConnectionDialog(s: ConfigureConnectionSnapshot) {
  const c = s.context;
  const credential = selectedCredential(c);
  const rows = permissionRows(c);
  const busy = s.matches({ open: 'saving' }) || s.matches({ open: 'creatingProduct' }) || s.matches({ open: 'uploading' });
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
    credentialEmail: credential?.authenticatedEntity.email ?? (c.authType === 'TP_SERVICE_ACCOUNT' ? c.productServiceAccount : null),
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
