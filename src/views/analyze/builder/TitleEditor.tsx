/** docs/analyze.md §Screens and routes editable title: click to edit, Enter saves, Escape cancels, max 75 characters, default New Report. */
import { useEffect, useRef, useState } from 'react';
import { REPORT_TITLE_MAX } from '../../../contracts/analyze';
import { PencilIcon } from '../icons';
import { Spinner } from '../../ui/Spinner';

export function TitleEditor({
  title,
  saving,
  disabled,
  onSave,
}: {
  title: string;
  saving: boolean;
  disabled: boolean;
  onSave: (title: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const commit = () => {
    setEditing(false);
    if (draft.trim() !== title) onSave(draft);
  };

  if (editing) {
    return (
      <input
        ref={input}
        aria-label="Report title"
        value={draft}
        maxLength={REPORT_TITLE_MAX}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            setEditing(false);
          }
        }}
        onBlur={commit}
        className="w-full min-w-0 rounded-lg border border-indigo-400 bg-white px-2 py-1 text-xl font-bold text-slate-900 outline-none ring-2 ring-indigo-100 sm:text-2xl"
      />
    );
  }
  return (
    <h1 className="flex min-w-0 items-center gap-2">
      <button
        type="button"
        disabled={disabled || saving}
        onClick={() => {
          setDraft(title);
          setEditing(true);
        }}
        title="Rename report"
        aria-label={`Rename report ${title}`}
        className="group flex min-w-0 items-center gap-2 rounded-lg px-1 py-0.5 text-left text-xl font-bold text-slate-900 hover:bg-slate-100 disabled:hover:bg-transparent sm:text-2xl"
      >
        <span className="line-clamp-2 min-w-0 break-words">{title}</span>
        {saving ? (
          <Spinner className="size-4 text-indigo-600" />
        ) : (
          <PencilIcon className="size-4 shrink-0 text-slate-400 group-hover:text-slate-600" />
        )}
      </button>
    </h1>
  );
}
