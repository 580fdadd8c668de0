import { Code } from '@ferry/contract/client';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { useFeedback } from '../../../ui/useFeedback';
import type { FenceResolve } from '../utils/cronRows';
import { editedBlockOf, type EditedBlock } from '../utils/editedBlock';

/** A write to the crontab, given how to go on when the block was edited by hand. */
export type CrontabWrite = (resolve?: FenceResolve) => Promise<unknown>;

interface Pending extends EditedBlock {
  write: CrontabWrite;
  settle: (done: boolean) => void;
}

/**
 * Runs crontab writes; one refused because Ferry's block was edited by hand waits for the user,
 * who sees both blocks (`asked`) and chooses: the write again with the choice, or nothing.
 * `guard` settles true once the write is done, false when the user cancelled; other failures
 * reject as they came.
 */
export function useEditedBlockGuard() {
  const { message } = useFeedback();
  const [pending, setPending] = useState<Pending>();
  const [resolving, setResolving] = useState<FenceResolve>();

  const guard = useCallback(
    (write: CrontabWrite): Promise<boolean> =>
      write().then(
        () => true,
        (error: unknown) => {
          const block = editedBlockOf(error);
          if (!block) throw error;
          return new Promise<boolean>((settle) => setPending({ ...block, write, settle }));
        },
      ),
    [],
  );

  const choose = async (resolve: FenceResolve) => {
    if (!pending) return;
    setResolving(resolve);
    try {
      await pending.write(resolve);
      pending.settle(true);
      setPending(undefined);
    } catch (e) {
      // The writes silence these for their form and this dialog; the rest the API layer reported.
      // The choice stays open to try again or cancel.
      const silenced =
        e instanceof ApiError && (e.code === Code.illegalParam || !!editedBlockOf(e));
      if (silenced) void message.error(errorText(e));
    } finally {
      setResolving(undefined);
    }
  };

  const cancel = () => {
    pending?.settle(false);
    setPending(undefined);
  };

  return { guard, asked: pending, resolving, choose, cancel };
}
