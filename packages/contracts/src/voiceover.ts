import { z } from 'zod';
import { voiceNames } from './voices.ts';
import { maxScriptChars, tempoRange } from './workflow.ts';

const projectRef = { user_id: z.string().min(1).max(100), video_id: z.string().min(1).max(100).optional() };

/** SPEC §7 save-audio: the project's voiceover from its script, in one of the nine voices. */
export const saveAudioRequest = z.object({
  ...projectRef,
  script: z.string().trim().min(1).max(maxScriptChars),
  voice: z.enum(voiceNames),
  instructions: z.string().max(500).default(''),
});
export const saveAudioResponse = z.object({ audio_url: z.string(), duration: z.number(), video_id: z.string() });

/** SPEC §7 adjust-tempo (form): always from the voiceover as first spoken, so changes never stack. */
export const adjustTempoRequest = z.object({
  ...projectRef,
  audio_url: z.string().max(2048).optional(),
  tempo: z.coerce.number().min(tempoRange.min).max(tempoRange.max),
});
export const adjustTempoResponse = z.object({ new_audio_url: z.string(), duration: z.number(), video_id: z.string() });

export const voiceoverMessages = {
  noVoiceover: 'Generate the voiceover first.',
  speechFailed: 'The voiceover could not be made. Please try again.',
  noWords: 'The script has no words to read aloud: emoji and symbols are not spoken. Write it in words.',
} as const;
