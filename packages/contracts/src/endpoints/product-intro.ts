import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { genericMessages } from '../messages.ts';
import { generateIntroFields, generateIntroResponse, introSceneCount, introSceneOf, introSettingsResponse, introTexts } from '../product-intro.ts';

const tag = 'product intro';

/** SPEC §5: a missing transition has its own text; any other malformed form the generic one. */
const refusal = (body: unknown) => {
  const transition = (body as { transition?: unknown } | null)?.transition;
  return transition === undefined || transition === '' ? introTexts.needsTransition : genericMessages.badRequest;
};

export const productIntroEndpoints = {
  generate: defineEndpoint({
    method: 'POST',
    path: '/api/generate-product-intro',
    summary:
      'SPEC §7 generate-product-intro (multipart: transition, sceneN_prompt1 (the scene type), sceneN_prompt2 (a custom type’s details), sceneN_image, N = 1..4): starts the 14 s video; one AI credit.',
    tag,
    access: 'session',
    body: 'upload',
    request: generateIntroFields,
    upload: {
      // A fifth image is a fifth scene, refused as one.
      files: { 'scene#_image': { policy: 'intro-image', tooLarge: (field, message) => introTexts.badImage(introSceneOf(field)!, message) } },
      maxFiles: introSceneCount,
      tooManyFiles: introTexts.tooManyScenes,
      storage: 'memory',
    },
    response: generateIntroResponse,
    namesUser: { id: 'user_id' },
    badRequestMessage: refusal,
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/product-intro/settings',
    summary: 'Which video generator makes the intro’s scenes (the offline one is labelled as such on the page).',
    tag,
    access: 'session',
    body: 'none',
    request: z.object({}),
    response: introSettingsResponse,
  }),
} as const;
