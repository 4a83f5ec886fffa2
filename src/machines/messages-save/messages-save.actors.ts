/** The Messages form bound to the messages service (src/services/messages.service.ts). */
import { fromPromise } from 'xstate';
import { messagesSaveMachine } from './messages-save.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { fetchNotificationSettings, saveNotificationSettings } from '../../services/messages.service';

export const messagesSaveFlow = defineFlow({
  name: 'messages-save',
  bind: () =>
    messagesSaveMachine.provide({
      actors: {
        loadMessages: fromPromise(({ input, signal }) => fetchNotificationSettings(input.appId, signal)),
        saveMessages: fromPromise(({ input, signal }) => saveNotificationSettings(input, signal)),
      },
      actions: { notify: showNotice },
    }),
});
