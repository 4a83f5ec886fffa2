/** Copy a value with the integrations' notice ('{label} copied to clipboard.' / 'Failed to copy to clipboard.'). */
import { copiedMessage } from '../../contracts/integrations';
import { notify } from '../../services/notify';

export async function copyWithNotice(label: string, value: string) {
  try {
    await navigator.clipboard.writeText(value);
    notify(copiedMessage(label), 'success', 'short');
  } catch {
    notify('Failed to copy to clipboard.', 'error');
  }
}
