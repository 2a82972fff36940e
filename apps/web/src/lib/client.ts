import type { AnyEndpoint, EndpointRequest, EndpointResponse, PathParams } from '@reelsmith/contracts';
import { endpointUrl } from '@reelsmith/contracts';

/**
 * The one way the web app calls the server: an endpoint definition from contracts, its typed body, and a typed answer
 * checked against the definition's response schema. Every failure is an ApiError; `attempt` gives it the feature's text.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The body field the server named as wrong, if any. */
    readonly field?: string,
    /** The server's answer as it came, for callers that read it whole (the sign-in outcomes read better-auth's `code`). */
    readonly body?: unknown,
    /** The message is the server's own text (not `unusableMessage`). */
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

  /** No answer came within the call's `timeoutMs`. */
  timedOut = false;
}

export const unreachableMessage = 'The server could not be reached.';
/** An ApiError's message when the server answered nothing usable (no `error` text, or an answer outside the schema). */
export const unusableMessage = 'Something went wrong';

type ParamsOption<E extends AnyEndpoint> = keyof PathParams<E['path']> extends never ? { params?: undefined } : { params: PathParams<E['path']> };

export type CallOptions<E extends AnyEndpoint> = ParamsOption<E> & {
  /** Lets the request outlive the page (analytics on navigation). */
  keepalive?: boolean;
  /** Gives up when no answer came in this many milliseconds (the failure is `timedOut`). */
  timeoutMs?: number;
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
  const { url: search, body, json } = requestFor(endpoint, input);
  const path = endpointUrl(endpoint.path, (options.params ?? {}) as PathParams<string>);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (json) headers['Content-Type'] = 'application/json';
  const signal = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
  let response: Response;
  let answer: unknown;
  try {
    response = await fetch(path + search, { method: endpoint.method, credentials: 'include', headers, body, keepalive: options.keepalive, signal });
    // A connection that breaks while the answer arrives is no answer either.
    answer = parseJson(await response.text());
  } catch (cause) {
    throw Object.assign(new ApiError(unreachableMessage, 0), { cause, timedOut: signal?.aborted === true });
  }
  if (!response.ok) {
    const field = (answer as { field?: unknown } | null)?.field;
    const text = serverText(answer);
    throw new ApiError(text ?? unusableMessage, response.status, typeof field === 'string' ? field : undefined, answer, text !== undefined);
  }
  const parsed = endpoint.response.safeParse(answer);
  if (!parsed.success) throw new ApiError(unusableMessage, response.status, undefined, answer);
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

/** The texts a feature shows for its failed calls; each one left out is `fallback`. */
export interface FailureTexts {
  /** An answer without words of the server's own, or whose words this call keeps back. */
  fallback: string;
  /** No answer at all: offline, or the server is down. */
  unreachable?: string;
  /** The call's `timeoutMs` passed without an answer. */
  timedOut?: string;
  /** The session ended while the page was open (401). */
  signedOut?: string;
  /** A success status whose body was not what the endpoint promises. */
  unexpected?: string;
  /** A server fault (5xx) whose words are kept back. */
  serverFault?: string;
  /** What the server's words become: shown as they are by default (SPEC §8); `false` or a null answer keeps them back. */
  words?: false | ((words: string, status: number) => string | null);
}

/** The one reading of a failed call: which of the feature's texts it gets, or the server's own words. */
export function failureText(error: unknown, texts: FailureTexts): string {
  const { fallback } = texts;
  if (!(error instanceof ApiError)) return fallback;
  if (error.unreachable) return (error.timedOut && texts.timedOut) || texts.unreachable || fallback;
  if (error.status === 401 && texts.signedOut) return texts.signedOut;
  if (error.unreadable) return texts.unexpected ?? fallback;
  const words = !error.fromServer || texts.words === false ? null : texts.words ? texts.words(error.message, error.status) : error.message;
  return words ?? ((error.status >= 500 && texts.serverFault) || fallback);
}

/** A failed call whose message is the feature's text for it, ready to show; `field` is the input the server named. */
export class CallFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The call's answer; its failure becomes a CallFailure with the text `texts` give it. */
export async function attempt<T>(request: Promise<T>, texts: FailureTexts): Promise<T> {
  try {
    return await request;
  } catch (error) {
    const failed = error instanceof ApiError ? error : null;
    throw new CallFailure(failureText(error, texts), failed?.status ?? 0, failed?.field, { cause: error });
  }
}

/** What a page shows for a failure it caught: a CallFailure's text, else the page's own. */
export const shownText = (error: unknown, fallback: string): string => (error instanceof CallFailure ? error.message : fallback);
