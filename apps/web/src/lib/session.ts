import { meResponse, type SessionUser } from '@reelsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPost, apiRequest, readBody } from './api.ts';

export const meQueryKey = ['me'] as const;

async function fetchMe(): Promise<SessionUser | null> {
  const result = await apiRequest('/api/me');
  const body = result.ok ? readBody(meResponse, result.body) : null;
  if (!body) throw new Error(`GET /api/me answered ${result.status}`);
  return body.user;
}

/** The signed-in user (null when signed out), shared by every page through the react-query cache. */
export function useSession() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 30_000, retry: 1 });
}

export function signOut() {
  return apiPost('/api/auth/sign-out', {});
}
