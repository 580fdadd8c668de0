import { authRoutes, Code } from '@ferry/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { call } from '../../../api/call';
import { errorText } from '../../../api/errorText';
import { useFinishLogin } from './useFinishLogin';

export interface Credentials {
  account: string;
  password: string;
}

export type LoginStep = 'credentials' | 'newPassword';

/**
 * The login conversation: credentials, then (on 10004) a new password, with the click captcha
 * whenever the server asks for one (`captcha_required`).
 */
export function useLoginFlow(redirect: string | undefined, captchaEnabled: boolean | undefined) {
  const { t } = useTranslation('login');
  const finish = useFinishLogin(redirect);
  const [step, setStep] = useState<LoginStep>('credentials');
  const [loading, setLoading] = useState(false);
  const [pending, setPending] = useState<Credentials & { newPassword?: string }>();
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const [captchaOpen, setCaptchaOpen] = useState(false);

  async function attempt(input: Credentials & { newPassword?: string; captchaKey?: string }) {
    setLoading(true);
    try {
      // Every refusal is said above the form, where it stays until the next answer.
      const result = await call(authRoutes.login, input, { silent: true });
      setError(finish(result) ? undefined : t('noNamespace'));
    } catch (e) {
      if (!(e instanceof ApiError)) return;
      // A captcha key is good for one login; the next attempt needs a new one.
      const again = {
        account: input.account,
        password: input.password,
        newPassword: input.newPassword,
      };
      if (e.code === Code.passwordExpired) {
        setPending(again);
        if (input.newPassword) setError(errorText(e));
        else {
          setError(undefined);
          setNotice(errorText(e));
          setStep('newPassword');
        }
      } else if (e.reason === 'captcha_required' && captchaEnabled !== false) {
        setPending(again);
        setError(undefined);
        setCaptchaOpen(true);
      } else {
        if (e.reason === 'captcha_required') setPending(again);
        setError(errorText(e));
      }
    } finally {
      setLoading(false);
    }
  }

  return {
    step,
    loading,
    notice,
    error,
    captchaOpen,
    account: pending?.account,
    submitCredentials: (c: Credentials) =>
      attempt({ account: c.account.trim(), password: c.password }),
    submitNewPassword: (newPassword: string) =>
      pending && attempt({ account: pending.account, password: pending.password, newPassword }),
    captchaPassed: (captchaKey: string) => {
      // Let the "passed" state show for a moment before the dialog closes.
      window.setTimeout(() => {
        setCaptchaOpen(false);
        if (pending) void attempt({ ...pending, captchaKey });
      }, 500);
    },
    closeCaptcha: () => setCaptchaOpen(false),
    backToCredentials: () => {
      setStep('credentials');
      setError(undefined);
      setNotice(undefined);
    },
  };
}
