import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { errorText } from '../api/errorText';
import { ErrorState } from './ErrorState';
import type { ReactElement } from 'react';

/** The router's error boundary: what broke, and a retry that reloads the route. */
export function RouteError({ error, reset }: ErrorComponentProps): ReactElement {
  const router = useRouter();
  return (
    <ErrorState
      detail={errorText(error) || undefined}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
