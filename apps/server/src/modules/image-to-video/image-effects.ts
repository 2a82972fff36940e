import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { imageEffectLabels, imageEffects, type ImageEffect, type ImageEffectItem } from '@reelsmith/contracts';
import { effectPreviewArgs, effectPreviewSeconds } from '@reelsmith/media';
import type { MediaPort } from '../../providers/media/types.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';

export const effectPreviewKey = (effect: ImageEffect) => `library/effects/${effect}.mp4`;

/**
 * The five image-to-video effects with a short preview clip each (SPEC §3), made with ffmpeg the first time they are
 * asked for and kept in storage, so later requests (and restarts) only sign their URLs. Concurrent first requests
 * share one generation; a failed one is tried again on the next request.
 */
export function createImageEffects(deps: { storage: ObjectStorage; media: MediaPort; signer: FileUrlSigner; tmpDir: string }) {
  let ready: Promise<void> | null = null;

  async function make(effect: ImageEffect): Promise<void> {
    const key = effectPreviewKey(effect);
    if (await deps.storage.stat(key)) return;
    await mkdir(deps.tmpDir, { recursive: true });
    const output = join(deps.tmpDir, `effect-${randomUUID()}.mp4`);
    try {
      await deps.media.runFfmpeg(effectPreviewArgs(effect, output), { duration: effectPreviewSeconds, timeoutMs: 60_000 });
      await deps.storage.putFile(key, output, 'video/mp4');
    } finally {
      await rm(output, { force: true });
    }
  }

  async function makeAll(): Promise<void> {
    // One at a time: the machine's cores belong to user renders first.
    for (const effect of imageEffects) await make(effect);
  }

  return {
    async list(): Promise<{ effects: ImageEffectItem[] }> {
      ready ??= makeAll().catch((error: unknown) => {
        ready = null;
        throw error;
      });
      await ready;
      return { effects: imageEffects.map((name) => ({ name, label: imageEffectLabels[name], preview_url: deps.signer.sign(effectPreviewKey(name)) })) };
    },
  };
}

export type ImageEffects = ReturnType<typeof createImageEffects>;
