import { authRoutes } from '@ferry/contract/client';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { errorText } from '../../../api/errorText';
import { extLoginParams } from '../utils/extLoginParams';
import { useFinishLogin } from './useFinishLogin';

export type ExtLoginState = { status: 'none' | 'running' } | { status: 'failed'; error: string };

/** Logs in once from a signed link (`/login?account=&token=&time=&redirect=`) if there is one. */
export function useExtLogin(redirect: string | undefined): ExtLoginState {
  const { t } = useTranslation('login');
  const finish = useFinishLogin(redirect);
  const [params] = useState(() => extLoginParams(window.location.search));
  const [state, setState] = useState<ExtLoginState>({ status: params ? 'running' : 'none' });
  const started = useRef(false);

  useEffect(() => {
    if (!params || started.current) return;
    started.current = true;
    call(authRoutes.extLogin, params, { silent: true })
      .then((result) => {
        if (!finish(result)) setState({ status: 'failed', error: t('noNamespace') });
      })
      .catch((e: unknown) => setState({ status: 'failed', error: errorText(e) }));
  }, [finish, params, t]);

  return state;
}
