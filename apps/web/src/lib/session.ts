import { accountEndpoints, type SessionUser } from '@reelsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './client.ts';

export const meQueryKey = ['me'] as const;

async function fetchMe(): Promise<SessionUser | null> {
  return (await call(accountEndpoints.me, undefined)).user;
}

/** The signed-in user (null when signed out), shared by every page through the react-query cache. */
export function useSession() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 30_000, retry: 1 });
}

export function signOut() {
  return call(accountEndpoints.signOut, {});
}
