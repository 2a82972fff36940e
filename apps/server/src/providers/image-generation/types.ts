import type { UgcBackground, UgcPerson, UgcPlacement } from '@reelsmith/contracts';

/**
 * Product photo + a scene → a 9:16 still of the product in that scene. Shaped like the video generator (submit,
 * status, cancel, release) so the job that drives it can resume across restarts and share the vendor session: a
 * vendor that answers at once (OpenAI image edits) or the local compositor completes inside submit and keeps the
 * still on this machine (`resultPath`); a queue vendor (fal.ai) answers with an id to poll.
 */
export interface ImageRequest {
  /** The product photo on this machine (sent to a vendor inline or as multipart). */
  productImagePath: string;
  /** What a vendor is asked for (ugcImagePrompt): the form's every choice in words. */
  prompt: string;
  /** The choices the local compositor draws itself, the person as an illustrated presenter. */
  background: UgcBackground;
  placement: UgcPlacement;
  person: UgcPerson;
}

export type ImageState = 'queued' | 'running' | 'completed' | 'failed' | 'refused';

export interface ImageStatus {
  state: ImageState;
  /** A vendor's completed still to download (http(s)). */
  resultUrl?: string;
  /** Or the still on this machine, to copy (then release). */
  resultPath?: string;
  error?: string;
}

export interface ImageGenerator {
  readonly name: 'openai' | 'fal' | 'local';
  /** Starts (and for a vendor, bills) one image. Throws VideoGenerationError (same kinds: refused, rateLimited, transient, permanent). */
  submit(request: ImageRequest, signal?: AbortSignal): Promise<{ vendorId: string }>;
  status(vendorId: string, signal?: AbortSignal): Promise<ImageStatus>;
  cancel(vendorId: string, signal?: AbortSignal): Promise<void>;
  release?(vendorId: string): Promise<void>;
}
