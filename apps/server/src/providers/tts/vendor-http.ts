import { TtsError } from './types.ts';

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** The vendor's own words about a failure, from the usual JSON error shapes, else the start of the body. */
function vendorMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: unknown } | string; detail?: { message?: unknown } | string; message?: unknown };
    const candidates = [
      typeof json.error === 'object' ? json.error?.message : json.error,
      typeof json.detail === 'object' ? json.detail?.message : json.detail,
      json.message,
    ];
    const found = candidates.find((c): c is string => typeof c === 'string' && c.length > 0);
    if (found) return found.slice(0, 300);
  } catch {
    // Not JSON: the raw text below says what there is to say.
  }
  return body.slice(0, 300).trim() || 'no details';
}

/**
 * One call to a speech vendor. Whatever goes wrong comes back as a TtsError that names the vendor and the cause:
 * a refused key, a rate limit, the vendor down or slow, or a request it rejected. The caller's own abort passes
 * through untouched.
 */
export async function callVendor(
  vendor: string,
  url: string,
  init: RequestInit,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<Response> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (isTimeout(error)) throw new TtsError('timeout', `${vendor} did not answer within ${options.timeoutMs} ms`, { cause: error });
    const detail = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}`.trim() : String(error);
    throw new TtsError('unavailable', `${vendor} could not be reached: ${detail}`, { cause: error });
  }
  if (response.ok) return response;
  const message = vendorMessage(await response.text().catch(() => ''));
  const status = response.status;
  if (status === 401 || status === 403) throw new TtsError('unauthorized', `${vendor} refused the API key (${status}): ${message}`);
  if (status === 429) throw new TtsError('rateLimited', `${vendor} is rate limiting or out of quota (429): ${message}`);
  if (status === 408 || status === 504) throw new TtsError('timeout', `${vendor} timed out (${status}): ${message}`);
  if (status >= 500) throw new TtsError('unavailable', `${vendor} failed (${status}): ${message}`);
  throw new TtsError('failed', `${vendor} rejected the request (${status}): ${message}`);
}

/** Reads a body whose slowness counts against the same deadline as the call. */
export async function readBody<T>(vendor: string, read: () => Promise<T>, options: { timeoutMs: number; signal?: AbortSignal }): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (isTimeout(error)) throw new TtsError('timeout', `${vendor} did not finish its answer within ${options.timeoutMs} ms`, { cause: error });
    throw new TtsError('unavailable', `${vendor}'s answer broke off: ${(error as Error).message}`, { cause: error });
  }
}
