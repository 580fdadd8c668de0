import { authRoutes } from '@ferry/contract/client';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { errorText } from '../../../api/errorText';
import {
  mediaLoginParams,
  mediaLoginRedirect,
  mediaRedirectUri,
  type MediaProvider,
} from '../utils/mediaLoginParams';
import { useFinishLogin } from './useFinishLogin';

export type MediaLoginState =
  | { status: 'none' }
  | { status: 'running'; provider: MediaProvider }
  | { status: 'failed'; provider: MediaProvider; error: string };

/**
 * Finishes a DingTalk or Feishu sign-in once when the provider sent the browser back here
 * (`/login?code=…&state=…`). The code leaves the address bar at once: it is not for the history.
 */
export function useMediaLogin(): MediaLoginState {
  const { t } = useTranslation('login');
  const [params] = useState(() => mediaLoginParams(window.location.search));
  const [redirect] = useState(() => (params ? mediaLoginRedirect.take() : undefined));
  const finish = useFinishLogin(redirect);
  const [state, setState] = useState<MediaLoginState>(
    params ? { status: 'running', provider: params.provider } : { status: 'none' },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!params || started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', '/login');
    const { provider } = params;
    call(
      authRoutes.mediaLogin,
      { authCode: params.authCode, state: params.state, redirectUri: mediaRedirectUri() },
      { silent: true },
    )
      .then((result) => {
        if (!finish(result)) setState({ status: 'failed', provider, error: t('noNamespace') });
      })
      .catch((e: unknown) => setState({ status: 'failed', provider, error: errorText(e) }));
  }, [finish, params, t]);

  return state;
}
