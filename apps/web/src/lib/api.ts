/** The one way the web app talks to the server: same-origin JSON with the session cookie. */

export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached.', { cause });
    this.name = 'NetworkError';
  }
}

export interface ApiResult {
  ok: boolean;
  status: number;
  /** The parsed JSON answer, or null when there was none. Read it with `readBody` and a contracts schema. */
  body: unknown;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  json?: unknown;
  /** A form body (SPEC §7 "form" calls); the browser sets its content type, with the multipart boundary. */
  form?: FormData | URLSearchParams;
  /** Lets the request outlive the page (analytics on navigation). */
  keepalive?: boolean;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Resolves with whatever the server answered; rejects with NetworkError only when there was no answer. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<ApiResult> {
  const { json, form, keepalive } = options;
  const method = options.method ?? (json === undefined && form === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(path, {
      method,
      credentials: 'include',
      headers,
      body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
      keepalive,
    });
    return { ok: response.ok, status: response.status, body: parseJson(await response.text()) };
  } catch (cause) {
    throw new NetworkError(cause);
  }
}

/** Sends a JSON body; the type parameter ties the body to its contract. */
export function apiPost<Body>(path: string, body: Body, options: Omit<RequestOptions, 'json' | 'method'> = {}) {
  return apiRequest(path, { ...options, method: 'POST', json: body });
}

/** The structural part of a zod schema this module needs, so the app does not depend on zod itself. */
export interface BodySchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export function readBody<T>(schema: BodySchema<T>, body: unknown): T | null {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : null;
}
