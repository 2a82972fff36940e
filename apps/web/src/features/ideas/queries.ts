import { useQuery } from '@tanstack/react-query';
import { fetchIdeas, fetchProfile } from './api.ts';

export const ideasKeys = {
  profile: (email: string) => ['business-profile', email] as const,
  ideas: (email: string) => ['user-ideas', email] as const,
};

export function useBusinessProfile(email: string) {
  return useQuery({ queryKey: ideasKeys.profile(email), queryFn: () => fetchProfile(email), staleTime: Infinity });
}

/** Earlier ideas (newest first) and the idea credits, which decide whether Generate is enabled. */
export function useUserIdeas(email: string) {
  return useQuery({ queryKey: ideasKeys.ideas(email), queryFn: () => fetchIdeas(email) });
}
