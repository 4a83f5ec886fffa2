/**
 * One CMS image drop slot (docs/app-settings.md §Screens and routes: screenshots 300 wide, one background) with react-dropzone: drop or choose a
 * JPEG; the image-slot flow checks it (type, 3 MB, dimensions on load) and recompresses it, then hands it to the
 * Details form (`onAccepted`). Shows the form's current image (a stored URL or the new file), the slot's progress and
 * its error in the words (docs/app-settings.md §Rules and limits), and Remove.
 */
import { useEffect, useMemo } from 'react';
import { useDropzone } from 'react-dropzone';
import { useSelector } from '@xstate/react';
import { CMS_IMAGE_ACCEPT, CMS_IMAGE_LIMITS, type CmsImageKind } from '../../../contracts/cms';
import { imageSlotFlow } from '../../../machines/image-slot/image-slot.actors';
import { selectImageSlot, imageSlotActions } from '../../../machines/image-slot/image-slot.selectors';
import type { Slot } from '../../../machines/app-details/app-details.machine';
import { useFlowActor } from '../../flows/useFlowActor';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useActions } from '../../flows/useActions';

interface Props {
  id: string;
  kind: CmsImageKind;
  label: string;
  slot: Slot;
  disabled: boolean;
  /** docs/app-settings.md §Roles view-only: the chooser is disabled with this tooltip. */
  deniedReason: string | null;
  onAccepted: (file: File) => void;
  onRemove: () => void;
}

function usePreview(slot: Slot): string | null {
  const file = slot.file as File | null;
  const objectUrl = useMemo(() => (file instanceof Blob ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );
  return objectUrl ?? slot.url;
}

export function ImageDropSlot({ id, kind, label, slot, disabled, deniedReason, onAccepted, onRemove }: Props) {
  const actor = useFlowActor(imageSlotFlow, { kind }, { key: id, deps: { onAccepted } });
  const view = useSelector(actor, selectImageSlot);
  const actions = useActions(actor, imageSlotActions);
  const preview = usePreview(slot);
  const limit = CMS_IMAGE_LIMITS[kind];
  const locked = disabled || !!deniedReason || view.busy;
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: CMS_IMAGE_ACCEPT as unknown as Record<string, string[]>,
    multiple: false,
    disabled: locked,
    // The zone only receives drops; the button inside opens the file chooser (one focusable control per slot).
    noClick: true,
    noKeyboard: true,
    onDrop: (accepted, rejected) => {
      const file = accepted[0] ?? rejected[0]?.file;
      if (file) actions.drop(file);
    },
  });
  const errorId = `${id}-error`;
  const wide = kind === 'background';

  return (
    <div className={wide ? 'w-full max-w-[640px]' : 'w-full max-w-[300px]'}>
      <div
        {...getRootProps()}
        className={`relative flex ${wide ? 'aspect-[16/9]' : 'aspect-[3/4]'} w-full flex-col items-center justify-center gap-3 overflow-hidden rounded-xl border-2 border-dashed text-center text-sm transition ${
          view.error
            ? 'border-rose-400 bg-rose-50'
            : isDragActive
              ? 'border-indigo-500 bg-indigo-50'
              : 'border-slate-300 bg-slate-50'
        }`}
      >
        <input {...getInputProps()} data-testid={`${id}-input`} />
        {preview ? (
          <img src={preview} alt={`${label} preview`} className="absolute inset-0 size-full object-cover" />
        ) : (
          <span className="px-4 text-slate-600">
            <span className="block font-medium text-slate-800">{label}</span>
            <span className="block text-xs">
              Drop a JPEG here: up to 3 MB, at most {limit.width} × {limit.height} px
            </span>
          </span>
        )}
        <Button
          variant="secondary"
          onClick={open}
          disabled={locked}
          deniedReason={deniedReason}
          aria-label={`Choose a JPEG for ${label}`}
          aria-describedby={view.error ? errorId : undefined}
          className="relative"
        >
          Choose a JPEG
        </Button>
        {view.busy && (
          <span className="absolute inset-0 flex items-center justify-center gap-2 bg-white/80 text-sm font-medium text-indigo-700">
            <Spinner className="size-4" /> {view.step}
          </span>
        )}
      </div>
      <div className="mt-1 flex min-h-6 items-start justify-between gap-2">
        {view.error ? (
          <p id={errorId} role="alert" className="text-xs text-rose-700">
            {view.error}
          </p>
        ) : (
          <span className="text-xs text-slate-600">{label}</span>
        )}
        {(slot.url || slot.file) && !locked && (
          <button
            type="button"
            onClick={() => {
              actions.clear();
              onRemove();
            }}
            className="shrink-0 rounded text-xs font-medium text-rose-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
            aria-label={`Remove ${label}`}
          >
            Remove
          </button>
        )}
      </div>
    </div>
  );
}
