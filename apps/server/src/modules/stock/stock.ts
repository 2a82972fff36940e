import { Transform } from 'node:stream';
import {
  stockMessages,
  uploadPolicies,
  type StockAddRequest,
  type StockSearchQuery,
  type StockSearchResponse,
  type UploadPurpose,
  type UploadResponse,
} from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import { StockSourceRefused, type StockFile, type StockProvider } from '../../providers/stock/index.ts';
import type { UploadService } from '../../core/files/uploads.ts';

interface Log {
  error(message: string): void;
}

/** Counts bytes as they pass and stops the stream one byte past the limit, so the upload check sees it as too big. */
function capped(limit: number) {
  let seen = 0;
  let truncated = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (truncated) return callback();
      seen += chunk.length;
      if (seen > limit) {
        truncated = true;
        this.push(chunk.subarray(0, chunk.length - (seen - limit - 1)));
        this.push(null);
        return callback();
      }
      callback(null, chunk);
    },
  });
  return { stream, wasTruncated: () => truncated };
}

/**
 * Search and add-from-stock. Adding fetches the chosen file on the server (the provider refuses any URL that is not
 * its own) and passes it through the same checks as an upload, so it ends as one of the user's uploads.
 */
export function createStockService(deps: { provider: StockProvider; uploads: UploadService; log: Log }) {
  return {
    provider: deps.provider.name,

    async search(query: StockSearchQuery): Promise<StockSearchResponse> {
      try {
        return await deps.provider.search(query);
      } catch (error) {
        deps.log.error(`stock search failed: ${(error as Error).message}`);
        throw new UserFacingError(502, stockMessages.searchFailed);
      }
    },

    async add(userId: string, request: StockAddRequest): Promise<UploadResponse> {
      const message = request.type === 'image' ? stockMessages.addImageFailed : stockMessages.addVideoFailed;
      const purpose: UploadPurpose = request.purpose ?? (request.type === 'image' ? 'stock-image' : 'stock-video');
      const policy = uploadPolicies[purpose];
      if (!(policy.kinds as readonly string[]).includes(request.type)) throw new UserFacingError(400, message);
      let file: StockFile | undefined;
      try {
        file = await deps.provider.open(request.url);
        const limited = capped(Math.min(policy.maxBytes, request.max_bytes ?? policy.maxBytes));
        file.stream.on('error', (error) => limited.stream.destroy(error));
        return await deps.uploads.receive(userId, purpose, { stream: file.stream.pipe(limited.stream), filename: file.filename, wasTruncated: limited.wasTruncated });
      } catch (error) {
        if (error instanceof StockSourceRefused) throw new UserFacingError(400, message);
        // A file over the purpose's size keeps the purpose's own text (e.g. the 8 MB storyboard limit).
        if (error instanceof UserFacingError) throw new UserFacingError(error.statusCode, error.statusCode === 413 ? error.message : message);
        deps.log.error(`adding stock ${request.type} failed: ${(error as Error).message}`);
        throw new UserFacingError(502, message);
      } finally {
        // Past the size limit the rest of a download is not wanted.
        file?.stream.destroy();
      }
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
