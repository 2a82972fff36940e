import { mediaEndpoints, stockMessages, type StockAddRequest, type StockSearchRequest, type StockSearchResponse, type UploadResponse } from '@reelsmith/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/client.ts';

/** A failure shown with the spec's text for the action (SPEC §8). */
export class StockError extends Error {}

/** The provider-neutral route; the server also answers the spec's /api/{provider}-search. */
async function searchStock(request: StockSearchRequest): Promise<StockSearchResponse> {
  try {
    return await call(mediaEndpoints.stockSearch, request);
  } catch (cause) {
    // Any failure, the network's included, reads the same to the user: the search did not work, try again.
    throw new StockError(stockMessages.searchFailed, { cause });
  }
}

/** Searches once a query is submitted; the previous page stays on screen while the next loads. */
export function useStockSearch(request: StockSearchRequest | null) {
  return useQuery({
    queryKey: ['stock-search', request],
    queryFn: () => searchStock(request!),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The server fetches the chosen file from the provider and keeps it as one of the user's uploads. */
export async function addStock(request: StockAddRequest): Promise<UploadResponse> {
  const message = request.type === 'image' ? stockMessages.addImageFailed : stockMessages.addVideoFailed;
  try {
    return await call(mediaEndpoints.stockAdd, request, { fallback: message });
  } catch (error) {
    // Too large for where it goes: the server names that place's limit (the storyboard's 8 MB, Own Video's 40 MB).
    if (error instanceof ApiError && error.status === 413 && typeof (error.body as { error?: unknown } | null)?.error === 'string') {
      throw new StockError(error.message, { cause: error });
    }
    // Anything else, network failures included, gets the same message as a refused file.
    throw new StockError(message, { cause: error });
  }
}
