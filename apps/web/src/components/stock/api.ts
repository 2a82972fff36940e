import {
  stockMessages,
  stockSearchResponse,
  uploadResponse,
  type StockAddRequest,
  type StockSearchRequest,
  type StockSearchResponse,
  type UploadResponse,
} from '@reelsmith/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPost, readBody } from '../../lib/api.ts';

/** A failure shown with the spec's text for the action (SPEC §8). */
export class StockError extends Error {}

/** The provider-neutral route; the server also answers the spec's /api/{provider}-search. */
async function searchStock(request: StockSearchRequest): Promise<StockSearchResponse> {
  try {
    const result = await apiPost('/api/stock-search', request);
    const body = result.ok ? readBody(stockSearchResponse, result.body) : null;
    if (body) return body;
  } catch {
    // A network failure reads the same to the user: the search did not work, try again.
  }
  throw new StockError(stockMessages.searchFailed);
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
    const result = await apiPost('/api/stock-add', request);
    const body = result.ok ? readBody(uploadResponse, result.body) : null;
    if (body) return body;
    // Too large for where it goes: the server names that place's limit (the storyboard's 8 MB, Own Video's 40 MB).
    const text = (result.body as { error?: unknown } | null)?.error;
    if (result.status === 413 && typeof text === 'string') throw new StockError(text);
  } catch (error) {
    if (error instanceof StockError) throw error;
    // Network failures get the same message as a refused file.
  }
  throw new StockError(message);
}
