import { generateSubtitlesRequest, latestRequest, subtitlePreviewRequest, updateSubtitlesRequest, writeSubtitlesRequest } from '@reelsmith/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { UserFacingError } from '../errors.ts';
import type { Auth } from '../services/auth.ts';
import { stylePreview, type SubtitlesService } from '../services/subtitles.ts';
import { parseWith } from './errors.ts';
import { assertSameUser, requireSessionUser } from './session.ts';

/** SPEC §7 answers subtitle failures with {detail}; the product's other routes say {error}. Both are sent. */
async function withDetail<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof UserFacingError)) throw error;
    return reply.status(error.statusCode).send({ detail: error.message, error: error.message });
  }
}

/**
 * SPEC §7 subtitle-preview-style, generate-subtitles, update-subtitles, the page's reload of its state, and
 * write-subtitles: captions typed by the user for a video in which no speech was heard.
 */
export function registerSubtitleRoutes(app: FastifyInstance, deps: { auth: Auth; subtitles: SubtitlesService }): void {
  const { auth, subtitles } = deps;

  app.post('/api/subtitle-preview-style', async (request) => {
    await requireSessionUser(auth, request);
    const body = parseWith(subtitlePreviewRequest, request.body);
    return stylePreview(body.style, body.font_size, body.position);
  });

  app.post('/api/get-latest-subtitles', async (request) => {
    const user = await requireSessionUser(auth, request);
    const body = parseWith(latestRequest, request.body);
    assertSameUser(user, { id: body.user_id });
    return subtitles.latest(user.id, body.video_id);
  });

  app.post('/api/generate-subtitles', (request, reply) =>
    withDetail(reply, async () => {
      const user = await requireSessionUser(auth, request);
      const body = parseWith(generateSubtitlesRequest, request.body);
      assertSameUser(user, { id: body.user_id });
      return subtitles.generate(user.id, {
        videoId: body.video_id,
        position: body.subtitle_position,
        fontSize: body.subtitle_font_size,
        wordsPerChunk: body.words_per_chunk,
      });
    }),
  );

  app.post('/api/write-subtitles', (request, reply) =>
    withDetail(reply, async () => {
      const user = await requireSessionUser(auth, request);
      const body = parseWith(writeSubtitlesRequest, request.body);
      assertSameUser(user, { id: body.user_id });
      return subtitles.write(user.id, {
        videoId: body.video_id,
        position: body.subtitle_position,
        fontSize: body.subtitle_font_size,
        wordsPerChunk: body.words_per_chunk,
        text: body.text,
      });
    }),
  );

  app.post('/api/update-subtitles', (request, reply) =>
    withDetail(reply, async () => {
      const user = await requireSessionUser(auth, request);
      const body = parseWith(updateSubtitlesRequest, request.body);
      assertSameUser(user, { id: body.user_id });
      return subtitles.update(user.id, {
        videoId: body.video_id,
        position: body.subtitle_position,
        fontSize: body.subtitle_font_size,
        wordsPerChunk: body.words_per_chunk,
        srt: body.subtitles,
      });
    }),
  );
}
