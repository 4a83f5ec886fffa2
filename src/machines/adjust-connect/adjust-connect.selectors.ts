/** View model of the Adjust connect form (docs/postbacks.md §Screens and routes labels, §Rules and limits disabled rule and field errors, the tooltip of §Screens and routes/§6). */
import { adjustConnectTooltip, validateAdjustConnect } from '../../contracts/integrations';
import type { Role } from '../../contracts/codecs';
import type { AdjustConnectSnapshot, adjustConnectMachine } from './adjust-connect.machine';
import type { SendTo } from '../shared/flow';

export function selectConnectForm(s: AdjustConnectSnapshot, role: Role) {
  const form = { partnerLink: s.context.partnerLink, eventFile: s.context.file };
  const errors = validateAdjustConnect(form);
  const connecting = s.matches('connecting');
  const connected = s.matches('connected');
  return {
    partnerLink: s.context.partnerLink,
    fileName: s.context.file?.name ?? null,
    /** Field errors, shown once the field holds something (an empty form only disables the button). */
    linkError: s.context.partnerLink.trim() ? (errors.partnerLink ?? null) : null,
    fileError: s.context.file ? (errors.eventFile ?? null) : null,
    label: connected ? 'Connected' : connecting ? 'Connecting...' : 'Connect to Adjust',
    busy: connecting,
    disabled: connecting || connected || Object.keys(errors).length > 0,
    tooltip: connecting || connected ? null : adjustConnectTooltip(form, role),
    feed: s.context.feed,
  };
}

/** The events the Adjust connect form sends, as named senders. */
export const adjustConnectActions = (send: SendTo<typeof adjustConnectMachine>) => ({
  setLink: (value: string) => send({ type: 'SET_LINK', value }),
  setFile: (file: File | null) => send({ type: 'SET_FILE', file }),
  connect: (at: number) => send({ type: 'CONNECT', at }),
});
