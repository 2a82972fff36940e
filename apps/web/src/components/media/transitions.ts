import { ownMediaEndpoints, type ImageEffectItem } from '@reelsmith/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';

/** The five transitions' preview clips for TransitionPicker (the same clips as Animated Images' effects), read once. */
export function useTransitionPreviews() {
  return useQuery<ImageEffectItem[]>({
    queryKey: ['image-effects'],
    queryFn: async () => (await call(ownMediaEndpoints.imageEffects, undefined)).effects,
    staleTime: Infinity,
  });
}
