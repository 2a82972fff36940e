/**
 * Image-to-video generation: one still and a prompt become a short portrait clip. Vendors work asynchronously, so
 * the port is split into the steps a durable job takes across restarts: submit once and store the vendor's id,
 * then ask for the status (or take a webhook) until it settles, then download the result. Each step can be retried
 * on its own; only submit starts (and bills) a generation.
 */

import type { TemplateRequest } from './templates/template-words.ts';

/** The picture to animate: a file on this machine (uploaded to the vendor, or inline when small) or a URL the vendor can fetch. */
export type SourceImage = { path: string } | { url: string };

export interface GenerationRequest {
  image: SourceImage;
  prompt: string;
  /** One of the generator's `lengths`: pick it with planClipLengths. */
  seconds: number;
  /** For the motion templates (the local generator): which one and the user's words on it. Vendors read the prompt. */
  template?: TemplateRequest;
}

export type GenerationState = 'queued' | 'running' | 'completed' | 'failed' | 'refused';

export interface GenerationStatus {
  state: GenerationState;
  /** Set when a vendor completed: the clip to download (an http(s) URL the vendor hosts, usually for a limited time). */
  resultUrl?: string;
  /** Set instead when the local renderer completed: the clip's file on this machine, to copy rather than download. */
  resultPath?: string;
  /** Set when failed or refused: the vendor's own words, for the operator log. */
  error?: string;
}

/** A webhook request as received: the raw body bytes (signatures cover them exactly) and the lower-cased headers. */
export interface WebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

export interface VideoGenerator {
  readonly name: 'fal' | 'replicate' | 'local';
  /** The clip lengths in seconds the model can make, ascending. */
  readonly lengths: readonly number[];
  /**
   * Starts one generation and answers with the vendor's id for it. Not idempotent at the vendor: store the id before
   * anything else, and when this throws with `outcomeUnknown` a generation may exist that the caller cannot name.
   */
  submit(request: GenerationRequest, signal?: AbortSignal): Promise<{ vendorId: string }>;
  /** Reads where a generation stands. Safe to repeat. Throws VideoGenerationError when the vendor cannot answer. */
  status(vendorId: string, signal?: AbortSignal): Promise<GenerationStatus>;
  /** Asks the vendor to stop a generation. Safe to repeat; resolves too when the generation has already ended. */
  cancel(vendorId: string, signal?: AbortSignal): Promise<void>;
  /**
   * Checks a webhook's signature, freshness and novelty, and reads the status it announces. Throws
   * WebhookRefused for anything not provably sent by the vendor just now (answer 401); a VideoGenerationError when
   * the check itself could not be made, e.g. fal's signing keys could not be fetched (answer 5xx: the vendor
   * delivers again). Absent when the generator takes no webhooks.
   */
  readWebhook?(delivery: WebhookDelivery): Promise<{ vendorId: string; status: GenerationStatus }>;
  /** Frees a finished generation's `resultPath` once the caller has its copy. Absent when results live at the vendor. */
  release?(vendorId: string): Promise<void>;
}

/**
 * What went wrong, as the caller has to act on it:
 * - refused: the vendor's content policy turned the input down; tell the user and give the credit back, do not retry.
 * - rateLimited: try again after `retryAfterSeconds` (from the vendor's Retry-After when it sent one).
 * - transient: the vendor is down, slow or broke off; retry with backoff.
 * - permanent: the request itself is wrong (bad key, bad input, unknown id); retrying cannot help.
 */
export type VideoGenerationErrorKind = 'refused' | 'rateLimited' | 'transient' | 'permanent';

export class VideoGenerationError extends Error {
  override name = 'VideoGenerationError';
  readonly kind: VideoGenerationErrorKind;
  readonly retryAfterSeconds?: number;
  /** The request was sent but no answer came back: a submit may have started a generation all the same. */
  readonly outcomeUnknown: boolean;
  /** The vendor's HTTP status, when it answered with one. */
  readonly httpStatus?: number;

  constructor(
    kind: VideoGenerationErrorKind,
    message: string,
    options: { retryAfterSeconds?: number; outcomeUnknown?: boolean; httpStatus?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.outcomeUnknown = options.outcomeUnknown ?? false;
    this.httpStatus = options.httpStatus;
  }
}

/** The generated file could not be fetched or is not a video; `kind` says whether fetching again can help. */
export class ResultDownloadError extends VideoGenerationError {
  override name = 'ResultDownloadError';
}

/** A webhook that is not provably the vendor's, or not fresh, or seen before. Answer it with 401 and act on nothing. */
export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
}
