import { z } from 'zod';
import { voiceNames } from './voices.ts';

/** GET /api/voices: the nine voices with their labels and a signed sample URL (null while it is still being made). */
export const voiceListResponse = z.array(
  z.object({
    name: z.enum(voiceNames),
    label: z.object({ gender: z.enum(['Female', 'Male', 'Neutral']), accent: z.string(), tone: z.string() }),
    sample_url: z.string().nullable(),
  }),
);
export type VoiceListItem = z.infer<typeof voiceListResponse>[number];

/** The texts of /audio and /audio-types beyond the SPEC §8 catalogue (which has none for audio and tempo failures). */
export const audioTexts = {
  panelHeading: 'Create the voiceover',
  intro: 'Pick a voice, say how it should sound, and generate the voiceover for your script.',
  loadFailed: 'We could not load this project. Check your connection and reload the page.',
  noScript: 'This project has no script yet. Write one first.',
  goToScript: 'Go to Script',
  editScript: 'Edit script',
  scriptHeading: 'Script',
  voiceLegend: 'Voice',
  samplesPending: 'Voice samples are being prepared; they appear here shortly.',
  instructionsLabel: 'Instructions',
  instructionsHint: 'Optional: how the voice should sound, e.g. "warm and upbeat, a little fast".',
  generate: 'Generate Voiceover',
  generating: 'Generating Voiceover',
  generateEstimate: 'A voiceover usually takes under 30 secs.',
  playerLabel: 'Voiceover',
  tempoLabel: 'Tempo',
  tempoHint: 'From 0.5 (slower) to 2 (faster); 1 is as spoken.',
  applyTempo: 'Apply Tempo',
  resetTempo: 'Reset Tempo',
  adjustingTempo: 'Adjusting tempo',
  clonedHeading: 'Your cloned voice',
  clonedPro: 'Cloned voices are part of the Pro Plan.',
  seePlans: 'See plans',
  emotionLabel: 'Emotion',
  generateCloned: 'Generate with My Voice',
  emailRecording: 'Email your recording',
  needVoiceover: 'Generate a voiceover to continue.',
  combineHeading: 'Video & voiceover',
  combine: 'Combine Video & Audio',
  combining: 'Combining video and voiceover',
  combineEstimate: 'This usually takes under a minute.',
  combinedLabel: 'Combined video',
  projectVideoLabel: 'Your video',
  needCombined: 'Combine the video with the voiceover to continue.',
  recombine: 'The voiceover changed: combine again to hear it in the video.',
} as const;
