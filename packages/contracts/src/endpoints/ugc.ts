import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  checkImageStatusResponse,
  generateUgcImageFields,
  generateUgcImageResponse,
  latestUgcConfigResponse,
  latestUgcImageResponse,
  ugcGenerateVideoFields,
  ugcGenerateVideoResponse,
  ugcSettingsResponse,
  ugcUserRequest,
} from '../ugc.ts';

const tag = 'ugc';
const namesUser = { id: 'user_id' };

/** SPEC §7 UGC calls: the still from the form (step 1), then the video from the still (step 2). */
export const ugcEndpoints = {
  generateImage: defineEndpoint({
    method: 'POST',
    path: '/api/generate-ugc-image',
    summary: 'SPEC §7 generate-ugc-image (multipart: product, gender, ethnicity, ageGroup, clothing, productPlacement, background, productImage): starts the still.',
    tag,
    access: 'session',
    body: 'upload',
    request: generateUgcImageFields,
    upload: { files: { productImage: { policy: 'ugc-product' } }, maxFiles: 1, storage: 'memory' },
    response: generateUgcImageResponse,
    namesUser,
  }),
  checkImageStatus: defineEndpoint({
    method: 'POST',
    path: '/api/check-image-status',
    summary: 'SPEC §7 check-image-status: ugc_image once the still exists (polled every 5 s).',
    tag,
    access: 'session',
    body: 'json',
    request: ugcUserRequest,
    response: checkImageStatusResponse,
    namesUser,
  }),
  latestConfig: defineEndpoint({
    method: 'POST',
    path: '/api/latest-ugc-config',
    summary: 'SPEC §7 latest-ugc-config: the choices of the latest UGC image, to restore the form.',
    tag,
    access: 'session',
    body: 'json',
    request: ugcUserRequest,
    response: latestUgcConfigResponse,
    namesUser,
  }),
  latestImage: defineEndpoint({
    method: 'POST',
    path: '/api/latest-ugc-image',
    summary: 'SPEC §7 latest-ugc-image: the latest UGC image, and the prompt and length step 2 had.',
    tag,
    access: 'session',
    body: 'json',
    request: ugcUserRequest,
    response: latestUgcImageResponse,
    namesUser,
  }),
  generateVideo: defineEndpoint({
    method: 'POST',
    path: '/api/ugc-generate-video',
    summary: 'SPEC §7 ugc-generate-video (form: prompt, video_length): the UGC image brought to life; one AI credit.',
    tag,
    access: 'session',
    body: 'form',
    request: ugcGenerateVideoFields,
    response: ugcGenerateVideoResponse,
    namesUser,
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/ugc/settings',
    summary: 'The image and video generators UGC uses (offline ones are labelled), and the images left this period.',
    tag,
    access: 'session',
    body: 'none',
    request: z.object({}),
    response: ugcSettingsResponse,
  }),
} as const;
