import { finalVideoEndpoints } from '@reelsmith/contracts';
import type { FinalVideoService } from './final-video.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** SPEC §7 final-video (starts the one render), the status the page polls while it runs, and what a render costs. */
export function registerFinalVideoRoutes(router: EndpointRouter, deps: { finalVideo: FinalVideoService }): void {
  const { finalVideo } = deps;

  router.route(finalVideoEndpoints.start, ({ user, input: body, files }) =>
    finalVideo.start(user.id, {
      videoId: body.video_id,
      subtitlesEnabled: body.subtitle_enabled === 'Yes',
      position: body.subtitle_position,
      fontSize: body.subtitle_font_size,
      wordsPerChunk: body.words_per_chunk,
      srt: body.subtitle_srt,
      style: body.subtitle_style,
      logoEnabled: body.logo_enabled === 'Yes',
      endCardEnabled: body.end_card_enabled === 'Yes',
      ctaImage: files.get('cta_image'),
    }),
  );

  router.route(finalVideoEndpoints.check, ({ user, input, reply }) => {
    // A page that went away stops its long poll (the response closes before it was sent).
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    return finalVideo.check(user.id, input.video_id, input.wait_ms, gone.signal);
  });
  router.route(finalVideoEndpoints.cost, ({ user, input }) => finalVideo.cost(user.id, input.video_id));
}
