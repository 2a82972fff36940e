import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  generateScenesRequest,
  generateStoryboardResponse,
  saveSceneMediaRequest,
  saveSceneMediaResponse,
  scenesResponse,
  storyboardSceneCount,
  updateSceneRequest,
  updateSceneResponse,
} from '../storyboard.ts';
import { aiVideoStateRequest, aiVideoStateResponse, generateAiVideoForm, generateAiVideoResponse, maxAiVideoScenes } from '../storyboard-ai-video.ts';

const tag = 'storyboard';
const namesUser = { id: 'user_id' };

/** generate-storyboard's text fields; scene N's video arrives as file `videoN` or as `videoN_url` (storyboardFieldNames). */
const storyboardForm = z.object({ user_id: z.string().min(1), video_id: z.string().min(1).max(100).optional() }).catchall(z.string());

export const storyboardEndpoints = {
  scenes: defineEndpoint({
    method: 'POST',
    path: '/api/generate-and-store-scenes',
    summary: "SPEC §7 generate-and-store-scenes (form): six scene texts written from the project's script.",
    tag,
    access: 'session',
    body: 'form',
    request: generateScenesRequest,
    response: scenesResponse,
    namesUser,
  }),
  updateScene: defineEndpoint({
    method: 'POST',
    path: '/api/update-scene',
    summary: 'SPEC §7 update-scene (form): saves one scene text when its field loses focus.',
    tag,
    access: 'session',
    body: 'form',
    request: updateSceneRequest,
    response: updateSceneResponse,
    namesUser,
  }),
  saveSceneMedia: defineEndpoint({
    method: 'POST',
    path: '/api/storyboard/scene-media',
    summary: "Keeps a scene's image or video (one of the user's uploads) with the project, so a reload finds it; null lets it go.",
    tag,
    access: 'session',
    body: 'json',
    request: saveSceneMediaRequest,
    response: saveSceneMediaResponse,
    namesUser,
  }),
  generate: defineEndpoint({
    method: 'POST',
    path: '/api/generate-storyboard',
    summary: 'SPEC §7 generate-storyboard (multipart: user_id, sceneN, videoN or videoN_url): the scenes joined into one video.',
    tag,
    access: 'session',
    body: 'upload',
    request: storyboardForm,
    // A video over 8 MB is refused by the service, scene by scene in the page's order.
    upload: { files: { 'video#': { policy: 'storyboard-video', overLimit: 'mark' } }, maxFiles: storyboardSceneCount, storage: 'memory' },
    response: generateStoryboardResponse,
    namesUser,
  }),
  generateAiVideo: defineEndpoint({
    method: 'POST',
    path: '/api/generate-ai-video',
    summary:
      'SPEC §7 generate-ai-video (multipart: user_id, sceneN, imageN or imageN_url): each scene animated from its still (a stock one when none is given), timed to its voiceover line; one AI credit. Poll check-video-status.',
    tag,
    access: 'session',
    body: 'upload',
    request: generateAiVideoForm,
    upload: { files: { 'image#': { policy: 'scene-image' } }, maxFiles: maxAiVideoScenes, storage: 'memory' },
    response: generateAiVideoResponse,
    namesUser,
  }),
  aiVideoState: defineEndpoint({
    method: 'POST',
    path: '/api/ai-video-state',
    summary: "The video generator in use and the project's AI video generation, if its latest video job is one.",
    tag,
    access: 'session',
    body: 'json',
    request: aiVideoStateRequest,
    response: aiVideoStateResponse,
    namesUser,
  }),
} as const;
