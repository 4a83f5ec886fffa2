/**
 * The app selector loads on first use (it pulls in Headless UI's Listbox): until then a placeholder button that
 * looks and reads the same (label + what it shows) stands in.
 */
import { useId } from 'react';
import { lazyOnIntent } from '../ui/lazyOnIntent';
import { AppPickerFace, APP_PICKER_BUTTON_CLASS, appPickerLabelClass, type AppPickerProps } from './AppPickerFace';

const AppPicker = lazyOnIntent<AppPickerProps>(() => import('./AppPicker'));

export function LazyAppPicker(props: AppPickerProps) {
  const id = useId();
  return (
    <AppPicker
      {...props}
      placeholder={(trigger) => (
        <>
          <label
            id={`${id}-label`}
            htmlFor={`${id}-button`}
            className={appPickerLabelClass(props.labelVisible ?? false)}
          >
            {props.label}
          </label>
          <button
            {...trigger}
            id={`${id}-button`}
            type="button"
            aria-haspopup="listbox"
            aria-expanded="false"
            aria-labelledby={`${id}-label ${id}-button`}
            className={APP_PICKER_BUTTON_CLASS}
          >
            <AppPickerFace app={props.current} />
          </button>
        </>
      )}
    />
  );
}
