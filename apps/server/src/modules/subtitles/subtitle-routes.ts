import { subtitleEndpoints, type EndpointInput } from '@reelsmith/contracts';
import { stylePreview, type SubtitlesService } from './subtitles.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** The project and caption settings every subtitle body carries, in the service's names. */
function settingsOf(input: EndpointInput<typeof subtitleEndpoints.generate>) {
  return { videoId: input.video_id, position: input.subtitle_position, fontSize: input.subtitle_font_size, wordsPerChunk: input.words_per_chunk };
}

/**
 * SPEC §7 subtitle-preview-style, generate-subtitles, update-subtitles, the page's reload of its state, and
 * write-subtitles: captions typed by the user for a video in which no speech was heard.
 */
export function registerSubtitleRoutes(router: EndpointRouter, deps: { subtitles: SubtitlesService }): void {
  const { subtitles } = deps;
  const { route } = router;

  route(subtitleEndpoints.previewStyle, ({ input }) => stylePreview(input.style, input.font_size, input.position));

  route(subtitleEndpoints.latest, ({ user, input }) => subtitles.latest(user.id, input.video_id));

  route(subtitleEndpoints.generate, ({ user, input }) => subtitles.generate(user.id, settingsOf(input)));
  route(subtitleEndpoints.write, ({ user, input }) => subtitles.write(user.id, { ...settingsOf(input), text: input.text }));
  route(subtitleEndpoints.update, ({ user, input }) => subtitles.update(user.id, { ...settingsOf(input), srt: input.subtitles }));
}
