import { allBrands, subscriptionResponse, type DraftItem, type SubscriptionResponse, type VideoItem } from '@reelsmith/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readCache, writeCache, type CachedEntry } from '../../lib/cache.ts';
import { deleteVideo, discardDraft, fetchDrafts, fetchSubscription, fetchVideos, renameVideo, videoList } from './api.ts';

/** The lists are kept per brand filter (issue 32); a key without the brand names every filter's list. */
export const dashboardKeys = {
  subscription: (email: string) => ['subscription', email] as const,
  videos: (email: string, brand?: string) => (brand === undefined ? (['videos', email] as const) : (['videos', email, brand] as const)),
  drafts: (email: string, brand?: string) => (brand === undefined ? (['drafts', email] as const) : (['drafts', email, brand] as const)),
};

const logoSchema = subscriptionResponse.shape.logo;
const videoListSchema = {
  safeParse(value: unknown) {
    const videos = videoList(value);
    return videos ? { success: true as const, data: videos } : { success: false as const };
  },
};

/** The logo changes on its own (upload, remove) and is cached under its own key: the newer of the two wins. */
function cachedSubscription(email: string): CachedEntry<SubscriptionResponse> | undefined {
  const cached = readCache(email, 'subscription', subscriptionResponse);
  const logo = readCache(email, 'logo', logoSchema);
  if (!cached || !logo || logo.savedAt <= cached.savedAt) return cached;
  return { value: { ...cached.value, logo: logo.value }, savedAt: cached.savedAt };
}

/**
 * The cached copy (if under 24 h old) shows at once as stale data; react-query then fetches the current one, which
 * replaces it on screen and in the cache.
 */
export function useSubscription(email: string) {
  return useQuery({
    queryKey: dashboardKeys.subscription(email),
    queryFn: async () => {
      const subscription = await fetchSubscription(email);
      writeCache(email, 'subscription', subscription);
      writeCache(email, 'logo', subscription.logo);
      return subscription;
    },
    initialData: () => cachedSubscription(email)?.value,
    initialDataUpdatedAt: () => cachedSubscription(email)?.savedAt,
  });
}

/** Every brand's list is the one kept in the browser for 24 h; one brand's list is asked for each time. */
export function useVideos(email: string, userId: string, brand: string = allBrands) {
  const everyBrand = brand === allBrands;
  return useQuery({
    queryKey: dashboardKeys.videos(email, brand),
    queryFn: async (): Promise<VideoItem[]> => {
      const videos = await fetchVideos(userId, brand);
      if (everyBrand) writeCache(email, 'videos', { videos });
      return videos;
    },
    initialData: () => (everyBrand ? readCache(email, 'videos', videoListSchema)?.value : undefined),
    initialDataUpdatedAt: () => (everyBrand ? readCache(email, 'videos', videoListSchema)?.savedAt : undefined),
  });
}

/** After an upload or a removal: the page shows the new logo, and the next visit starts from it. */
export function useSetLogo(email: string) {
  const queryClient = useQueryClient();
  return (logo: string | null) => {
    queryClient.setQueryData<SubscriptionResponse>(dashboardKeys.subscription(email), (current) => current && { ...current, logo });
    writeCache(email, 'logo', logo);
  };
}

/**
 * A change to one video goes to every brand filter's list and to the 24 h cache at once, so a reload before the next
 * fetch shows it too.
 */
function useChangeVideos(email: string) {
  const queryClient = useQueryClient();
  return (change: (videos: VideoItem[]) => VideoItem[]) => {
    queryClient.setQueriesData<VideoItem[]>({ queryKey: dashboardKeys.videos(email) }, (videos) => videos && change(videos));
    const all = queryClient.getQueryData<VideoItem[]>(dashboardKeys.videos(email, allBrands));
    if (all) writeCache(email, 'videos', { videos: all });
  };
}

export function useDeleteVideo(email: string) {
  const changeVideos = useChangeVideos(email);
  const mutation = useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_, videoId) => changeVideos((videos) => videos.filter((video) => video.id !== videoId)),
  });
  return mutation.mutateAsync;
}

export function useRenameVideo(email: string) {
  const changeVideos = useChangeVideos(email);
  const mutation = useMutation({
    mutationFn: ({ videoId, title }: { videoId: string; title: string }) => renameVideo(videoId, title),
    onSuccess: (_, { videoId, title }) => changeVideos((videos) => videos.map((video) => (video.id === videoId ? { ...video, title } : video))),
  });
  return (videoId: string, title: string) => mutation.mutateAsync({ videoId, title });
}

/**
 * Drafts change on every workflow page, so they are never kept: not in the browser cache, and not in memory once the
 * dashboard is left (gcTime 0), so each visit shows where the user stopped last.
 */
export function useDrafts(email: string, brand: string = allBrands) {
  return useQuery({ queryKey: dashboardKeys.drafts(email, brand), queryFn: () => fetchDrafts(brand), gcTime: 0 });
}

export function useDiscardDraft(email: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: discardDraft,
    onSuccess: (_, videoId) =>
      queryClient.setQueriesData<DraftItem[]>({ queryKey: dashboardKeys.drafts(email) }, (drafts) => drafts?.filter((draft) => draft.id !== videoId)),
  });
  return mutation.mutateAsync;
}
