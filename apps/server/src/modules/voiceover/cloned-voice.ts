import { clonedVoiceMessages, plans, type ClonedVoiceEmotion, type ClonedVoiceStatus } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import type { VoiceCloner } from '../../providers/tts/index.ts';
import type { QuotaService } from '../../core/credits/quotas.ts';
import type { VoiceoverService } from './voiceover.ts';

/**
 * SPEC §5/§6 cloned voice: only a plan with voice cloning ('Pro Plan'), and only the voice id on the user's own
 * subscription record, which the operator sets once the user's recording has been cloned. The request's voice_id is
 * compared with it, so a user can never speak in someone else's voice.
 */
export function createClonedVoiceService(deps: { cloner: VoiceCloner | undefined; quotas: QuotaService; voiceover: VoiceoverService; recordingEmail: string }) {
  /** The current period's record: a lapsed Pro plan has already fallen back to Free here. */
  async function entitlement(userId: string) {
    const record = await deps.quotas.current(userId);
    return { eligible: plans[record.planId as keyof typeof plans]?.voiceCloning === true, voiceId: record.voiceId ?? null };
  }

  return {
    async status(userId: string): Promise<ClonedVoiceStatus> {
      const { eligible, voiceId } = await entitlement(userId);
      return { eligible, voice_id: eligible ? voiceId : null, available: deps.cloner !== undefined, recording_email: deps.recordingEmail };
    },

    async generate(userId: string, request: { videoId?: string; script: string; voiceId: string; emotion: ClonedVoiceEmotion }) {
      const { eligible, voiceId } = await entitlement(userId);
      if (!eligible) throw new UserFacingError(403, clonedVoiceMessages.proOnly);
      if (!voiceId) throw new UserFacingError(409, clonedVoiceMessages.noVoiceOnRecord);
      if (request.voiceId !== voiceId) throw new UserFacingError(403, clonedVoiceMessages.notYourVoice);
      if (!deps.cloner) throw new UserFacingError(503, clonedVoiceMessages.unavailable);
      return deps.voiceover.saveCloned(userId, { ...request, voiceId });
    },
  };
}

export type ClonedVoiceService = ReturnType<typeof createClonedVoiceService>;
