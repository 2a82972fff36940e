import { copyFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { aiVideoMessages } from '@reelsmith/contracts';
import type { MediaPort } from '../providers/media/types.ts';
import { downloadResult } from '../providers/video-generation/download.ts';
import { VideoGenerationError, type GenerationStatus } from '../providers/video-generation/types.ts';
import { PermanentJobError } from './types.ts';

export interface VendorPacing {
  /** The first wait between two status calls; it grows by half each time up to `maxPollMs`. */
  pollMs: number;
  maxPollMs: number;
  /** The wait after a transient fault when the vendor named none. */
  backoffMs: number;
  /** How often a wait between polls looks at the ledger for an outcome a webhook brought (1 s unless given). */
  watchMs?: number;
  /** The run gives up (and the queue may retry it, resuming the same generations) past this time. */
  deadline: number;
}

export interface ResultFetch {
  maxBytes: number;
  timeoutMs: number;
  /** Tests only: the vendor stand-ins serve results from loopback. */
  allowPrivateHosts?: boolean;
}

/** A generator of clips or stills: the video and the image providers share this asynchronous shape. */
export interface AsyncGenerator<Request> {
  readonly name: string;
  submit(request: Request, signal?: AbortSignal): Promise<{ vendorId: string }>;
  status(vendorId: string, signal?: AbortSignal): Promise<GenerationStatus>;
  release?(vendorId: string): Promise<void>;
}

/**
 * Where a generation's end is kept once it is known, so that it is decided once: the vendor's webhook may write it
 * before any poll sees it (the wait between polls is cut short), and a poll's answer is written there too, so that
 * whichever came first is the one the job goes on with.
 */
export interface OutcomeLedger {
  read(vendorId: string): Promise<GenerationStatus | null>;
  /** Keeps `status` unless an outcome is there already; answers the one kept. */
  keep(vendorId: string, status: GenerationStatus): Promise<GenerationStatus>;
}

/** A generation that will not change again. */
export const ended = (status: GenerationStatus) => status.state === 'completed' || status.state === 'failed' || status.state === 'refused';

/** What a ledger keeps of an ended generation: the vendor's result or words (a local path is no vendor's result). */
export function outcomeOf(status: GenerationStatus): { state: 'completed' | 'failed' | 'refused'; resultUrl?: string; error?: string } {
  const state = status.state === 'completed' || status.state === 'refused' ? status.state : 'failed';
  return { state, ...(status.resultUrl ? { resultUrl: status.resultUrl } : {}), ...(status.error ? { error: status.error } : {}) };
}

/** What the user is told when the generator refuses the input, or fails for good. */
export interface OutcomeMessages {
  refused: string;
  failed: string;
}

/**
 * One run's dealings with the generator: every call retried in place on a transient fault or a rate limit (waiting
 * as long as the vendor asked) until the run's deadline, a refusal or a permanent fault ending the job at once.
 */
export function vendorSession<Request>(
  generator: AsyncGenerator<Request>,
  media: MediaPort,
  pacing: VendorPacing,
  signal: AbortSignal,
  messages: OutcomeMessages = aiVideoMessages,
) {
  const permanent = (error: VideoGenerationError) => new PermanentJobError(error.kind === 'refused' ? messages.refused : messages.failed);

  async function pause(ms: number): Promise<void> {
    if (Date.now() + ms > pacing.deadline) throw new Error(`${generator.name} did not finish before the job's deadline`);
    await sleep(ms, undefined, { signal });
  }

  /** Waits `ms` before the next poll, looking at the ledger now and then: a webhook's outcome ends the wait. */
  async function watch(ms: number, vendorId: string, ledger: OutcomeLedger | undefined): Promise<void> {
    if (!ledger) return pause(ms);
    const until = Date.now() + ms;
    for (let left = ms; left > 0; left = until - Date.now()) {
      await pause(Math.min(pacing.watchMs ?? 1000, left));
      if (await ledger.read(vendorId)) return;
    }
  }

  /** Runs `call` until it answers; retryable faults wait and go round again. */
  async function retrying<T>(call: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await call();
      } catch (error) {
        if (signal.aborted || !(error instanceof VideoGenerationError)) throw error;
        if (error.kind === 'refused' || error.kind === 'permanent') throw permanent(error);
        await pause(error.kind === 'rateLimited' ? (error.retryAfterSeconds ?? 30) * 1000 : pacing.backoffMs);
      }
    }
  }

  return {
    /**
     * Starts a generation. A submit that got no answer may have started one all the same: asking again can pay twice,
     * but a job that never finishes pays nothing back either, and vendors bill a lost generation rarely.
     */
    submit: (request: Request) => retrying(() => generator.submit(request, signal)),

    /**
     * Polls until the generation has ended: completed, or a refusal or failure as the user's message. With a ledger,
     * an outcome a webhook wrote ends the wait at once, and the end is read from the ledger, written there once.
     */
    async settle(vendorId: string, ledger?: OutcomeLedger): Promise<GenerationStatus & { state: 'completed' }> {
      let wait = pacing.pollMs;
      for (;;) {
        const known = await ledger?.read(vendorId);
        const status = known ?? (await retrying(() => generator.status(vendorId, signal)));
        if (ended(status)) {
          const kept = known ?? (ledger ? await ledger.keep(vendorId, status) : status);
          if (kept.state === 'refused') throw new PermanentJobError(messages.refused);
          if (kept.state !== 'completed') throw new PermanentJobError(messages.failed);
          return { ...kept, state: 'completed' };
        }
        await watch(wait, vendorId, ledger);
        wait = Math.min(pacing.maxPollMs, Math.round(wait * 1.5));
      }
    },

    /** The finished clip (or still) into `destination`: copied from this machine, or downloaded with the upload checks. */
    async fetch(vendorId: string, status: GenerationStatus, destination: string, options: ResultFetch & { expect?: 'clip' | 'still' }): Promise<void> {
      if (status.resultPath) {
        await copyFile(status.resultPath, destination);
        await generator.release?.(vendorId);
        return;
      }
      if (!status.resultUrl) throw new PermanentJobError(messages.failed);
      const url = status.resultUrl;
      await retrying(() => downloadResult(url, { destination, ...options, probe: media.probe, signal }));
    },
  };
}
