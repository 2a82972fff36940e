import { z } from 'zod';
import { clonedVoiceEmotions } from './voices.ts';
import { maxScriptChars } from './workflow.ts';

/**
 * SPEC §7 generate-cloned-voice (form). The body's voice_id is only compared with the one on the user's subscription
 * record, never used on its own word.
 */
export const generateClonedVoiceRequest = z.object({
  user_id: z.string().min(1).max(100),
  video_id: z.string().min(1).max(100).optional(),
  script: z.string().trim().min(1).max(maxScriptChars),
  emotion: z.enum(clonedVoiceEmotions),
  voice_id: z.string().min(1).max(100),
});
export const generateClonedVoiceResponse = z.object({ audio_url: z.string(), duration: z.number(), video_id: z.string() });

/** GET /api/cloned-voice: what the audio page needs to offer (or explain) the cloned voice before any attempt. */
export const clonedVoiceStatusResponse = z.object({
  /** SPEC §6: only 'Pro Plan' may use a cloned voice. */
  eligible: z.boolean(),
  voice_id: z.string().nullable(),
  /** Whether this server can speak cloned voices at all (ELEVENLABS_API_KEY). */
  available: z.boolean(),
  /** Where the 2-minute recording goes (SPEC §5). */
  recording_email: z.string(),
});
export type ClonedVoiceStatus = z.infer<typeof clonedVoiceStatusResponse>;

export const clonedVoiceMessages = {
  proOnly: 'Cloned voices are part of the Pro Plan.',
  noVoiceOnRecord: 'No cloned voice is on record yet. Email a 2-minute recording of your voice and we will set it up.',
  notYourVoice: 'That cloned voice is not on your account.',
  unavailable: 'Cloned voices are not available on this server: ElevenLabs is not configured.',
  recordingRequest: (email: string) => `To clone your voice, email a 2-minute recording of yourself speaking to ${email}. Generation is enabled once your voice is set up.`,
  recordingSubject: 'Voice recording for my cloned voice',
} as const;
