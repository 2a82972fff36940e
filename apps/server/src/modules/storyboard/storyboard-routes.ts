import { aiVideoFieldNames, genericMessages, maxAiVideoScenes, storyboardEndpoints, storyboardFieldNames, storyboardSceneCount } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import type { AiVideoService, SceneImageInput } from './ai-video.ts';
import type { SceneMediaService } from './scene-media.ts';
import type { SceneVideoInput, StoryboardService } from './storyboard.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/**
 * SPEC §7 generate-and-store-scenes, update-scene (form posts), generate-storyboard and generate-ai-video (multipart),
 * and the AI video's state for a page opened again.
 */
export function registerStoryboardRoutes(router: EndpointRouter, deps: { storyboard: StoryboardService; aiVideo: AiVideoService; sceneMedia: SceneMediaService }): void {
  const { storyboard, aiVideo, sceneMedia } = deps;
  const { route } = router;

  route(storyboardEndpoints.scenes, ({ user, input }) => storyboard.scenes(user.id, input.video_id));

  route(storyboardEndpoints.updateScene, ({ user, input }) =>
    storyboard.updateScene(user.id, { videoId: input.video_id, index: input.scene_index, text: input.scene_text }),
  );

  route(storyboardEndpoints.saveSceneMedia, ({ user, input }) =>
    sceneMedia.save(user.id, { videoId: input.video_id, index: input.scene_index, kind: input.kind, url: input.url, name: input.name }),
  );

  route(storyboardEndpoints.generate, ({ user, input: body, files }) => {
    const texts: (string | undefined)[] = [];
    const videos: SceneVideoInput[] = [];
    for (let n = 1; n <= storyboardSceneCount; n++) {
      const names = storyboardFieldNames(n);
      texts.push(body[names.scene]);
      // A video over 8 MB comes marked too large: the service refuses it in scene order, as the page does.
      videos.push({ file: files.get(names.video), url: body[names.videoUrl] });
    }
    return storyboard.generate(user.id, { videoId: body.video_id, texts, videos });
  });

  route(storyboardEndpoints.generateAiVideo, ({ user, input: body, files }) => {
    const texts = new Map<number, string>();
    const images: SceneImageInput[] = [];
    // Numbers past the storyboard's six are read too, so a seventh scene is refused rather than dropped.
    for (let n = 1; n <= maxAiVideoScenes + 1; n++) {
      const names = aiVideoFieldNames(n);
      const text = body[names.scene];
      if (text !== undefined) texts.set(n, text);
      const file = files.get(names.image);
      const url = body[names.imageUrl]?.trim();
      if (file || url) images.push({ n, ...(file ? { file } : { url }) });
    }
    if (texts.has(maxAiVideoScenes + 1)) throw new UserFacingError(400, genericMessages.badRequest);
    return aiVideo.start(user.id, { videoId: body.video_id, texts, images, motionTemplate: body.motion_template === true });
  });

  route(storyboardEndpoints.aiVideoState, ({ user, input }) => aiVideo.state(user.id, input.video_id));
}
