import type { AnyEndpoint } from '@reelsmith/contracts';
import { ApiError, parseJson, serverText, unreachableMessage, unusableMessage } from './client.ts';

/** `attachment; filename="x.zip"` → `x.zip`; null when the header names none. */
export function attachmentName(header: string | null): string | null {
  const match = /filename="([^"]+)"/.exec(header ?? '') ?? /filename=([^;]+)/.exec(header ?? '');
  return match?.[1]?.trim() || null;
}

/**
 * A file the server answers (a GET with no parameters: an export, a PDF), with the name its Content-Disposition
 * gives. Failures are ApiErrors as with `call`, so a refusal shows the server's own text instead of a broken download.
 */
export async function download<E extends AnyEndpoint & { method: 'GET' }>(endpoint: E): Promise<{ blob: Blob; filename: string | null }> {
  let response: Response;
  try {
    response = await fetch(endpoint.path, { method: 'GET', credentials: 'include' });
  } catch (cause) {
    throw Object.assign(new ApiError(unreachableMessage, 0), { cause });
  }
  if (!response.ok) {
    const answer = parseJson(await response.text());
    const text = serverText(answer);
    throw new ApiError(text ?? unusableMessage, response.status, undefined, answer, text !== undefined);
  }
  try {
    return { blob: await response.blob(), filename: attachmentName(response.headers.get('content-disposition')) };
  } catch (cause) {
    // The connection broke mid-way (the server cut a download it could not finish).
    throw Object.assign(new ApiError(unusableMessage, 0), { cause });
  }
}

/** Hands a downloaded file to the browser's own download, under its name. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL only holds memory after that.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
