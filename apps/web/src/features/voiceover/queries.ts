import { useQuery } from '@tanstack/react-query';
import { fetchClonedVoice, fetchLatestAudio, fetchProjectVideo, fetchScript, fetchVoices } from './api.ts';

/** On a fresh install the samples are made in the background: ask again until every voice has one. */
export function useVoices() {
  return useQuery({
    queryKey: ['voices'],
    queryFn: fetchVoices,
    refetchInterval: (query) => (query.state.data?.every((voice) => voice.sample_url) ? false : 5000),
  });
}

/** Signed URLs expire, so project media is fetched each time a page opens (staleTime 0, the default). */
export function useProjectScript(userId: string, projectId: string | null) {
  return useQuery({ queryKey: ['audio-script', userId, projectId ?? 'latest'], queryFn: () => fetchScript(userId, projectId) });
}

export function useLatestAudio(userId: string, projectId: string) {
  return useQuery({ queryKey: ['audio-latest', userId, projectId], queryFn: () => fetchLatestAudio(userId, projectId), gcTime: 0 });
}

export function useProjectVideo(userId: string, projectId: string) {
  return useQuery({ queryKey: ['audio-project-video', userId, projectId], queryFn: () => fetchProjectVideo(userId, projectId), gcTime: 0 });
}

/** Plan, voice on record and whether this server can clone at all; the server checks all of it again on use. */
export function useClonedVoice() {
  return useQuery({ queryKey: ['cloned-voice'], queryFn: fetchClonedVoice });
}
