/**
 * An icon field: a label, an optional preview, a "choose" button opening a hidden file input (PNG, JPG, JPEG or GIF),
 * the chosen file's name or a hint, and the field's error. The flow behind the form checks the file (docs/architecture.md §Endpoints and errors, §Layers).
 */
import { useRef, type ReactNode } from 'react';
import { ICON_EXTENSIONS } from '../../contracts/workspace';
import { Button } from './Button';

export interface IconPickerProps {
  buttonLabel: string;
  /** The chosen file's name, or null (the hint shows). */
  fileName: string | null;
  hint: string;
  error?: string | null;
  disabled?: boolean;
  /** When set the picker is read-only and its button carries this tooltip (docs/accounts.md §Roles view-only access). */
  deniedReason?: string | null;
  preview?: ReactNode;
  onPick: (file: File | null) => void;
}

export function IconPicker({
  buttonLabel,
  fileName,
  hint,
  error,
  disabled,
  deniedReason,
  preview,
  onPick,
}: IconPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <span className="block text-sm font-medium text-slate-700">Icon</span>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {preview}
        <Button
          variant="secondary"
          onClick={() => input.current?.click()}
          disabled={disabled}
          deniedReason={deniedReason}
        >
          {buttonLabel}
        </Button>
        <span className="truncate text-sm text-slate-600">{fileName ?? hint}</span>
        <input
          ref={input}
          type="file"
          aria-label="Icon file"
          className="sr-only"
          disabled={disabled || !!deniedReason}
          accept={ICON_EXTENSIONS.map((e) => `.${e}`).join(',')}
          onChange={(e) => {
            onPick(e.target.files?.[0] ?? null);
            e.target.value = '';
          }}
        />
      </div>
      {error && (
        <p role="alert" className="mt-1 text-xs text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}
