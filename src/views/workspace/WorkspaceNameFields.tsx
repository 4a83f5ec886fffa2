/** The workspace form's name and website fields (Create Workspace modal and workspace settings), docs/workspace.md §Rules and limits. */
import { TextField } from '../ui/TextField';
import type { WorkspaceFormErrors } from '../../contracts/workspace';

export interface WorkspaceNameFieldsProps {
  name: string;
  website: string;
  errors: WorkspaceFormErrors;
  onChange: (field: 'name' | 'website', value: string) => void;
  disabled?: boolean;
  /** Shown but not editable (a viewer's settings). */
  readOnly?: boolean;
  autoFocus?: boolean;
}

export function WorkspaceNameFields({
  name,
  website,
  errors,
  onChange,
  disabled,
  readOnly,
  autoFocus,
}: WorkspaceNameFieldsProps) {
  return (
    <>
      <TextField
        label="Workspace name"
        value={name}
        onChange={(e) => onChange('name', e.target.value)}
        error={errors.name}
        disabled={disabled}
        readOnly={readOnly}
        autoFocus={autoFocus}
      />
      <TextField
        label="Website"
        value={website}
        placeholder="https://yourstudio.com"
        onChange={(e) => onChange('website', e.target.value)}
        error={errors.website}
        hint="Saved with https://"
        disabled={disabled}
        readOnly={readOnly}
      />
    </>
  );
}
