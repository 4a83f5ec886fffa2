/** An image slot bound to the browser's image services; `accepted` hands the recompressed JPEG to the page (deps). */
import { fromPromise } from 'xstate';
import { imageSlotMachine, type ImageFile } from './image-slot.machine';
import { defineFlow } from '../shared/flow';
import { compressCmsImage, readCmsImage } from '../../services/cms-images.service';

export interface ImageSlotDeps {
  onAccepted(file: File): void;
}

export const imageSlotFlow = defineFlow({
  name: 'image-slot',
  bind: (deps: () => ImageSlotDeps) =>
    imageSlotMachine.provide({
      actors: {
        // The files the machine holds are the dropped Files (ImageFile is the part of them it reads).
        readImage: fromPromise(({ input }) => readCmsImage(input.file as File)),
        compressImage: fromPromise(({ input }) => compressCmsImage(input.file as File, input.kind, input.dimensions)),
      },
      actions: {
        accepted: (_, file: ImageFile) => deps().onAccepted(file as File),
      },
    }),
});
