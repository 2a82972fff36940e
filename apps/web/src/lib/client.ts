import type { AnyEndpoint, EndpointRequest, EndpointResponse, PathParams } from '@reelsmith/contracts';
import { endpointUrl } from '@reelsmith/contracts';

/**
 * The one way the web app calls the server: an endpoint definition from contracts, its typed body, and a typed answer
 * checked against the definition's response schema. Every failure is an ApiError.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The body field the server named as wrong, if any. */
    readonly field?: string,
    /** The server's answer as it came, for callers that read an extra property (a subtitle call's `detail`). */
    readonly body?: unknown,
    /** The message is the server's own text (not the caller's fallback). */
    readonly fromServer = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** No answer at all: offline, or the server is down. */
  get unreachable(): boolean {
    return this.status === 0;
  }

  /** A success status whose body was not what the endpoint promises. */
  get unreadable(): boolean {
    return this.status >= 200 && this.status < 300;
  }
}

export const unreachableMessage = 'The server could not be reached.';

type ParamsOption<E extends AnyEndpoint> = keyof PathParams<E['path']> extends never ? { params?: undefined } : { params: PathParams<E['path']> };

export type CallOptions<E extends AnyEndpoint> = ParamsOption<E> & {
  /** Lets the request outlive the page (analytics on navigation). */
  keepalive?: boolean;
  /** Aborts a call the page no longer waits for. */
  signal?: AbortSignal;
  /** The message when the server answered nothing usable (no `error` text, or an answer outside the schema). */
  fallback?: string;
};

/** An 'upload' endpoint takes the FormData with its files; every other endpoint its typed fields. */
export type CallInput<E extends AnyEndpoint> = E['body'] extends 'upload' ? FormData : E['body'] extends 'none' ? undefined : EndpointRequest<E>;

export function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A form call goes as the browser's FormData, as SPEC §7 says; the server reads JSON and urlencoded the same way. */
function formOf(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

function requestFor(endpoint: AnyEndpoint, input: unknown): { url: string; body?: BodyInit; json: boolean } {
  if (endpoint.method === 'GET') {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries((input ?? {}) as Record<string, unknown>)) if (value !== undefined) query.set(name, String(value));
    const search = query.toString();
    return { url: search ? `?${search}` : '', json: false };
  }
  if (input instanceof FormData) return { url: '', body: input, json: false };
  if (endpoint.body === 'form') return { url: '', body: formOf((input ?? {}) as Record<string, unknown>), json: false };
  if (endpoint.body === 'none') return { url: '', json: false };
  return { url: '', body: JSON.stringify(input ?? {}), json: true };
}

/** The server's own text: its `error`, else better-auth's `message`. */
export function serverText(body: unknown): string | undefined {
  const answer = (body ?? {}) as { error?: unknown; message?: unknown };
  if (typeof answer.error === 'string' && answer.error) return answer.error;
  if (typeof answer.message === 'string' && answer.message) return answer.message;
  return undefined;
}

export async function call<E extends AnyEndpoint>(endpoint: E, input: CallInput<E>, ...rest: keyof PathParams<E['path']> extends never ? [options?: CallOptions<E>] : [options: CallOptions<E>]): Promise<EndpointResponse<E>> {
  const options = (rest[0] ?? {}) as CallOptions<AnyEndpoint> & { params?: Record<string, string> };
  const fallback = options.fallback ?? 'Something went wrong';
  const { url: search, body, json } = requestFor(endpoint, input);
  const path = endpointUrl(endpoint.path, (options.params ?? {}) as PathParams<string>);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (json) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path + search, { method: endpoint.method, credentials: 'include', headers, body, keepalive: options.keepalive, signal: options.signal });
  } catch (cause) {
    throw Object.assign(new ApiError(unreachableMessage, 0), { cause });
  }
  const answer = parseJson(await response.text());
  if (!response.ok) {
    const field = (answer as { field?: unknown } | null)?.field;
    const text = serverText(answer);
    throw new ApiError(text ?? fallback, response.status, typeof field === 'string' ? field : undefined, answer, text !== undefined);
  }
  const parsed = endpoint.response.safeParse(answer);
  if (!parsed.success) throw new ApiError(fallback, response.status, undefined, answer);
  return parsed.data as EndpointResponse<E>;
}

/** The structural part of a zod schema this module needs, so a page can check a body without importing zod. */
export interface BodySchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export function readBody<T>(schema: BodySchema<T>, body: unknown): T | null {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/**
 * The text a page shows for a failed call: the server's own words when it answered (SPEC §8 shows them as they
 * are), `unreachable` when no answer came, else the page's fallback.
 */
export function failureText(error: unknown, fallback: string, unreachable: string = fallback): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.unreachable) return unreachable;
  return error.fromServer ? error.message : fallback;
}
