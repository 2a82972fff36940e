import { voiceoverEndpoints } from '@reelsmith/contracts';
import type { VideoAudioService } from './video-audio.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** SPEC §7 update-video-audio (JSON), combine-video-audio (form) and check-video-status (JSON). */
export function registerVideoAudioRoutes(router: EndpointRouter, deps: { videoAudio: VideoAudioService }): void {
  const { videoAudio } = deps;
  router.route(voiceoverEndpoints.updateVideoAudio, ({ user, input }) => videoAudio.updateAudio(user.id, { videoId: input.video_id, audioUrl: input.audio_url }));
  router.route(voiceoverEndpoints.combineVideoAudio, ({ user, input }) => videoAudio.combine(user.id, input.video_id));
  router.route(voiceoverEndpoints.checkVideoStatus, ({ user, input }) => videoAudio.status(user.id, input.video_id));
}
