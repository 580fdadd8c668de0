import { authRoutes } from '@ferry/contract/client';
import { useState } from 'react';
import { call } from '../../../api/call';
import { extLoginParams } from '../utils/extLoginParams';
import { useAddressLogin, type AddressLoginState } from './useAddressLogin';

export type ExtLoginState = AddressLoginState;

const signIn = (params: NonNullable<ReturnType<typeof extLoginParams>>) =>
  call(authRoutes.extLogin, params, { silent: true });

/** Logs in once from a signed link (`/login?account=&token=&time=&redirect=`) if there is one. */
export function useExtLogin(redirect: string | undefined): ExtLoginState {
  const [params] = useState(() => extLoginParams(window.location.search));
  return useAddressLogin(params, signIn, redirect);
}
