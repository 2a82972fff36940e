import { mediaEndpoints, stockMessages, type StockAddRequest, type StockSearchRequest, type StockSearchResponse, type UploadResponse } from '@reelsmith/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { attempt, call } from '../../lib/client.ts';

/**
 * The provider-neutral route; the server also answers the spec's /api/{provider}-search. Any failure, the network's
 * included, reads the same to the user (SPEC §8): the search did not work, try again.
 */
function searchStock(request: StockSearchRequest): Promise<StockSearchResponse> {
  return attempt(call(mediaEndpoints.stockSearch, request), { fallback: stockMessages.searchFailed, words: false });
}

/** While the built-in library is still making matches (its first start), the search is asked again this often. */
const arrivingPollMs = 5_000;

/**
 * Searches once a query is submitted; the previous page stays on screen while the next loads. On a first start the
 * answer may say more matches are being made: the search repeats until they are all there.
 */
export function useStockSearch(request: StockSearchRequest | null) {
  return useQuery({
    queryKey: ['stock-search', request],
    queryFn: () => searchStock(request!),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    refetchInterval: (query) => (query.state.data?.more_arriving ? arrivingPollMs : false),
    retry: false,
  });
}

/**
 * The server fetches the chosen file from the provider and keeps it as one of the user's uploads. A file too large
 * for where it goes is refused in the server's words (they name that place's limit: the storyboard's 8 MB, Own
 * Video's 40 MB); anything else, network failures included, gets the same message as a refused file.
 */
export function addStock(request: StockAddRequest): Promise<UploadResponse> {
  const fallback = request.type === 'image' ? stockMessages.addImageFailed : stockMessages.addVideoFailed;
  return attempt(call(mediaEndpoints.stockAdd, request), { fallback, words: (words, status) => (status === 413 ? words : null) });
}
