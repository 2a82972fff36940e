import type { VideoGenerationsRepository } from '../../db/repositories/video-generations.ts';
import { ended, outcomeOf } from '../../jobs/video-generation-vendor.ts';
import { VideoGenerationError, WebhookRefused, type VideoGenerator, type WebhookDelivery } from '../../providers/video-generation/types.ts';

/**
 * What became of a delivery, as the route answers it:
 * - settled: the generation's end is kept (or was already: the poll or an earlier delivery came first).
 * - ignored: a genuine delivery about a generation still running; nothing to keep.
 * - refused: not provably the vendor's, not fresh, or seen before (401; nothing changes).
 * - unknown: signed by the vendor but about no generation of ours (404: changes nothing; a vendor that delivers
 *   before the job recorded its id delivers again, and the poll finds the end anyway).
 * - notTaken: this vendor is not the one set up, or takes no webhooks here (404).
 * - unverifiable: the check could not be made, e.g. fal's keys could not be fetched (503: the vendor delivers again).
 */
export type WebhookResult = { kind: 'settled' | 'ignored' | 'unknown' | 'notTaken' } | { kind: 'refused' | 'unverifiable'; reason: string };

export interface VendorWebhooksDeps {
  generator: Pick<VideoGenerator, 'name' | 'readWebhook'>;
  generations: Pick<VideoGenerationsRepository, 'settle'>;
}

/**
 * A vendor's announcement that a generation ended, kept in the generation's row once: the job polling it reads the
 * row between polls and goes on at once (jobs/video-generation-vendor.ts), and whichever of the webhook and the poll
 * wrote first is the end the job acts on.
 */
export function createVendorWebhooks(deps: VendorWebhooksDeps) {
  return {
    async receive(vendor: 'fal' | 'replicate', delivery: WebhookDelivery): Promise<WebhookResult> {
      const { generator } = deps;
      if (generator.name !== vendor || !generator.readWebhook) return { kind: 'notTaken' };
      let announced;
      try {
        announced = await generator.readWebhook(delivery);
      } catch (error) {
        if (error instanceof WebhookRefused) return { kind: 'refused', reason: error.message };
        if (error instanceof VideoGenerationError) return { kind: 'unverifiable', reason: error.message };
        throw error;
      }
      if (!ended(announced.status)) return { kind: 'ignored' };
      const kept = await deps.generations.settle(vendor, announced.vendorId, outcomeOf(announced.status));
      return { kind: kept ? 'settled' : 'unknown' };
    },
  };
}

export type VendorWebhooks = ReturnType<typeof createVendorWebhooks>;
