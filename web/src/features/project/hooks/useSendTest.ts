import { notificationRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../../../api/call';

/** How long a test waits for the channel's answer, and how often it asks. */
export const TEST_WAIT_MS = 15_000;
const FIRST_LOOK_MS = 300;
const LOOK_EVERY_MS = 1000;

/** How a test message went: the channel's answer to its first try, or none yet. */
export type TestOutcome =
  | { kind: 'sent'; id: number }
  | { kind: 'failed'; id: number; code: string; message: string }
  | { kind: 'waiting'; id: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a test message to the channel in the form, then asks for its tries until the first one
 * is recorded (at most `TEST_WAIT_MS`); stops asking once the form is gone.
 */
export function useSendTest() {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useMutation({
    mutationFn: async (
      input: RouteInput<typeof notificationRoutes.sendTest>,
    ): Promise<TestOutcome> => {
      const { id } = await call(notificationRoutes.sendTest, input);
      const until = Date.now() + TEST_WAIT_MS;
      let wait = FIRST_LOOK_MS;
      while (mounted.current && Date.now() + wait <= until) {
        await sleep(wait);
        wait = LOOK_EVERY_MS;
        const { list } = await call(notificationRoutes.getDeliveryAttempts, { id });
        const first = list[0];
        if (first?.code === 'ok') return { kind: 'sent', id };
        if (first) return { kind: 'failed', id, code: first.code, message: first.message };
      }
      return { kind: 'waiting', id };
    },
  });
}
