import { deployRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { deployListKey } from './useDeployList';

export type PublishInput = RouteInput<typeof deployRoutes.publish> & {
  /** A grey deploy (to `serverIds` only) goes through its own route and permission. */
  grey?: boolean;
};

/** POST /deploy/publish or /deploy/greyPublish: answers the token and the deploys ahead. */
export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ grey, ...input }: PublishInput) =>
      call(grey ? deployRoutes.greyPublish : deployRoutes.publish, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deployListKey }),
  });
}
