import { authRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../api/ApiError';
import { call } from '../../../api/call';
import { errorText } from '../../../api/errorText';
import type { Point } from '../utils/toImagePoint';

/** The user clicks this many characters, in the thumbnail's order. */
export const CAPTCHA_CLICKS = 4;

type Phase = 'default' | 'checking' | 'success' | 'error' | 'tooMany';
export type CaptchaStatus = 'loading' | 'loadFailed' | Phase;

/** The clicks made on one image (`key`) and where they got to. */
interface Round {
  key: string;
  dots: Point[];
  phase: Phase;
  message?: string;
}

const asDataUrl = (s: string) => (s.startsWith('data:') ? s : `data:image/png;base64,${s}`);

/**
 * One click-captcha challenge: load, collect clicks, check once four are in. Each image allows
 * one check: any failure needs a fresh image (`refresh`); clicking while a check runs ends in
 * `tooMany`.
 */
export function useClickCaptcha(language: string, onSuccess: (key: string) => void) {
  const captcha = useQuery({
    queryKey: ['user', 'captcha', language],
    queryFn: ({ signal }) => call(authRoutes.getCaptcha, { language }, { silent: true, signal }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
  const key = captcha.data?.key ?? '';
  const [round, setRoundState] = useState<Round>({ key: '', dots: [], phase: 'default' });
  // Async callbacks read the latest round: a click may land while a check is on the wire.
  const roundRef = useRef(round);
  const setRound = useCallback((next: Round) => {
    roundRef.current = next;
    setRoundState(next);
  }, []);

  const current: Round = round.key === key ? round : { key, dots: [], phase: 'default' };
  let status: CaptchaStatus = current.phase;
  if (captcha.isFetching || captcha.isPending) status = 'loading';
  else if (captcha.isError) status = 'loadFailed';

  const check = useCallback(
    async (checked: Round) => {
      const stillChecking = () =>
        roundRef.current.key === checked.key && roundRef.current.phase === 'checking';
      try {
        await call(
          authRoutes.checkCaptcha,
          { key: checked.key, dots: checked.dots.flatMap((p) => [p.x, p.y]) },
          { silent: true },
        );
        // A late extra click (tooMany) voids the answer: the user must retry.
        if (!stillChecking()) return;
        setRound({ ...checked, phase: 'success' });
        onSuccess(checked.key);
      } catch (e) {
        if (!stillChecking()) return;
        const message = e instanceof ApiError && e.kind === 'envelope' ? undefined : errorText(e);
        setRound({ ...checked, phase: 'error', ...(message ? { message } : {}) });
      }
    },
    [onSuccess, setRound],
  );

  const click = (p: Point) => {
    if (status === 'checking') {
      setRound({ ...current, phase: 'tooMany' });
      return;
    }
    if (status !== 'default' || !key) return;
    const dots = [...current.dots, p];
    if (dots.length < CAPTCHA_CLICKS) {
      setRound({ key, dots, phase: 'default' });
      return;
    }
    const checking: Round = { key, dots, phase: 'checking' };
    setRound(checking);
    void check(checking);
  };

  return {
    challenge: captcha.data
      ? { key, image: asDataUrl(captcha.data.base64), thumb: asDataUrl(captcha.data.thumbBase64) }
      : undefined,
    status,
    dots: current.dots,
    message: status === 'loadFailed' ? errorText(captcha.error) : current.message,
    click,
    refresh: () => void captcha.refetch(),
  };
}
