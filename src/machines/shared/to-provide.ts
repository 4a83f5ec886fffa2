/**
 * The placeholder of a call a pure machine declares in `setup({ actors })`: typed (output, input) and failing loudly
 * if a machine is ever started without its `<flow>.actors.ts` binding.
 */
import { fromPromise } from 'xstate';

export const toProvide = <TOutput, TInput>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`provide ${name}`);
  });
