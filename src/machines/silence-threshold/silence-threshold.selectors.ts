/** The silence threshold card's view of its flow, and its events as named senders. */
import type { SilenceThresholdSnapshot, silenceThresholdMachine } from './silence-threshold.machine';
import type { SendTo } from '../shared/flow';

export const selectSilenceThreshold = (s: SilenceThresholdSnapshot) => ({
  editing: !s.matches('idle'),
  saving: s.matches('saving'),
  draft: s.context.draft,
  problem: s.context.problem,
  error: s.context.error,
});

export const silenceThresholdActions = (send: SendTo<typeof silenceThresholdMachine>) => ({
  edit: (hours: number) => send({ type: 'EDIT', hours }),
  change: (value: string) => send({ type: 'CHANGE', value }),
  save: () => send({ type: 'SAVE' }),
  useDefault: () => send({ type: 'USE_DEFAULT' }),
  cancel: () => send({ type: 'CANCEL' }),
});
