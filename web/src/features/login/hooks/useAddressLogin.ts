import type { authRoutes, RouteOutput } from '@ferry/contract/client';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { useFinishLogin } from './useFinishLogin';

export type AddressLoginState =
  { status: 'none' | 'running' } | { status: 'failed'; error: string };

/**
 * Logs in once from what the page's address carries (a signed link, a provider's answer), when
 * it carries it: `signIn` runs once with `params`, and the login finishes as a form login does.
 */
export function useAddressLogin<P>(
  params: P | undefined,
  signIn: (params: P) => Promise<RouteOutput<typeof authRoutes.login>>,
  redirect: string | undefined,
): AddressLoginState {
  const { t } = useTranslation('login');
  const finish = useFinishLogin(redirect);
  const [state, setState] = useState<AddressLoginState>({
    status: params ? 'running' : 'none',
  });
  const started = useRef(false);

  useEffect(() => {
    if (!params || started.current) return;
    started.current = true;
    signIn(params)
      .then((result) => {
        if (!finish(result)) setState({ status: 'failed', error: t('noNamespace') });
      })
      .catch((e: unknown) => setState({ status: 'failed', error: errorText(e) }));
  }, [finish, params, signIn, t]);

  return state;
}
