import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { voiceLabelText, voiceNames, type VoiceLabel, type VoiceName } from '@reelsmith/contracts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import type { TtsProvider } from '../../providers/tts/types.ts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';

/**
 * One short sample per voice for the voiceover page to play (SPEC §9: each voice has a sample and a label). They
 * are made on first need by the configured provider, one at a time in the background, and kept in storage, so a
 * later start (or another process) finds them and renders nothing. Keys name the provider: switching to OpenAI
 * brings OpenAI's own samples instead of serving the offline ones.
 */
export function voiceSampleText(name: VoiceName): string {
  const title = name[0]!.toUpperCase() + name.slice(1);
  return `Hi, I'm ${title}. I can read your script in a ${voiceLabelText(name).toLowerCase()} voice. Let's make something great together.`;
}

export function voiceSampleKey(kind: TtsProvider['kind'], name: VoiceName): string {
  return `library/voices/${kind}/${name}.m4a`;
}

export interface VoiceListItem {
  name: VoiceName;
  label: VoiceLabel;
  /** A signed URL of the sample, or null while it is still being made. */
  sample_url: string | null;
}

export function createVoiceSamples(deps: { tts: TtsProvider; storage: ObjectStorage; tmpDir: string; log: (line: string) => void }) {
  const { tts, storage } = deps;
  const ready = new Set<VoiceName>();
  let running: Promise<void> | undefined;

  async function makeMissing(): Promise<void> {
    const missing: VoiceName[] = [];
    for (const name of voiceNames) {
      if (await storage.stat(voiceSampleKey(tts.kind, name))) ready.add(name);
      else missing.push(name);
    }
    if (missing.length === 0) return;
    await mkdir(deps.tmpDir, { recursive: true });
    const scratch = await mkdtemp(join(deps.tmpDir, 'voice-samples-'));
    try {
      for (const name of missing) {
        try {
          const path = join(scratch, `${name}.m4a`);
          await tts.synthesize({ text: voiceSampleText(name), voice: name, outputPath: path });
          await storage.putFile(voiceSampleKey(tts.kind, name), path, 'audio/mp4');
          ready.add(name);
        } catch (error) {
          deps.log(`voice samples: ${name} failed: ${(error as Error).message.split('\n')[0]}`);
        }
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  return {
    /** Starts making the missing samples once; a failed run is tried again on the next call. */
    start(): Promise<void> {
      running ??= makeMissing()
        .catch((error: Error) => deps.log(`voice samples: ${error.message}`))
        .finally(() => {
          if (ready.size < voiceNames.length) running = undefined;
        });
      return running;
    },

    list(signer: FileUrlSigner): VoiceListItem[] {
      return tts.voices().map(({ name, label }) => ({
        name,
        label,
        sample_url: ready.has(name) ? signer.sign(voiceSampleKey(tts.kind, name)) : null,
      }));
    },
  };
}

export type VoiceSamples = ReturnType<typeof createVoiceSamples>;
