import { brandEndpoints, type Brand, type EndpointResponse } from '@reelsmith/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { attempt, call } from './client.ts';

/**
 * The user's brands (issue 32), shared by the header's switcher, the dashboard's filter and the /brands page: one
 * query, so a change on one of them shows on the others.
 */
export const brandsQueryKey = ['brands'] as const;

/** GET /api/brands: the brands, the plan's allowance and the active brand's id. */
export type BrandsResponse = EndpointResponse<typeof brandEndpoints.list>;

export const brandFailure = { fallback: 'Something went wrong. Please try again.', unreachable: 'The server could not be reached. Please try again.' };

export function fetchBrands(): Promise<BrandsResponse> {
  return call(brandEndpoints.list, {});
}

export function useBrands() {
  return useQuery({ queryKey: brandsQueryKey, queryFn: fetchBrands, staleTime: 30_000 });
}

/** The brand a project belongs to: its voice, music and caption style are where the project's pages start. */
export function useProjectBrand(projectId: string | null) {
  return useQuery({
    queryKey: ['project-brand', projectId],
    queryFn: async () => (await call(brandEndpoints.ofProject, { video_id: projectId! })).brand,
    enabled: Boolean(projectId),
    staleTime: 60_000,
  });
}

/**
 * What depends on the active brand or on which brands exist: the brands, the dashboard's lists (filtered by brand) and
 * its logo panel (the active brand's logo).
 */
export function invalidateBrandViews(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [brandsQueryKey, ['videos'], ['drafts'], ['subscription']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

/** Makes a brand the active one: new projects belong to it. */
export function useActivateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<Brand> => attempt(call(brandEndpoints.activate, undefined, { params: { id } }), brandFailure).then((answer) => answer.brand),
    onSuccess: (brand) => {
      // At once, so the switcher and the badges do not wait for the refetch.
      queryClient.setQueryData<BrandsResponse>(brandsQueryKey, (current) =>
        current && { ...current, active_id: brand.id, brands: current.brands.map((b) => ({ ...b, active: b.id === brand.id })) },
      );
      return invalidateBrandViews(queryClient);
    },
  });
}
