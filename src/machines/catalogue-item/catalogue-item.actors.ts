/** The catalogue-item flow bound to the catalogue service, the snackbars and the catalogue query. */
import { fromPromise } from 'xstate';
import { catalogueItemMachine } from './catalogue-item.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { removeCatalogueItem, saveCatalogueItem } from '../../services/catalogue.service';
import { catalogueKey } from '../../services/catalogue.queries';
import { queryClient } from '../../queryClient';

export const catalogueItemFlow = defineFlow({
  name: 'catalogue-item',
  bind: () =>
    catalogueItemMachine.provide({
      actors: {
        saveItem: fromPromise(({ input, signal }) => saveCatalogueItem(input, signal)),
        removeItem: fromPromise(({ input, signal }) => removeCatalogueItem(input, signal)),
      },
      actions: {
        notify: showNotice,
        changed: (_, { appId }) => void queryClient.invalidateQueries({ queryKey: catalogueKey(appId) }),
      },
    }),
});
