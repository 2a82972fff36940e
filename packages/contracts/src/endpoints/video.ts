import { z } from 'zod';
import { addBrollsResponse, autoBrollsRequest, autoBrollsResponse, saveBrollUrlRequest, skipBrollRequest, skipBrollResponse } from '../brolls.ts';
import { defineEndpoint } from '../endpoint.ts';
import { convertImagesFields, convertImagesResponse, imageEffectsResponse } from '../image-to-video.ts';
import { combineVideosSilentFields, combineVideosSilentResponse, uploadAndSaveFields, uploadAndSaveResponse } from '../own-video.ts';
import { finalVideoCostResponse } from '../renders.ts';
import { checkFinalVideoRequest, finalVideoFields, finalVideoStatusResponse } from '../subtitles.ts';
import { maxBrolls } from '../workflow.ts';

const namesUser = { id: 'user_id' };
const success = z.object({ status: z.literal('success') });

/** add-brolls' own fields; row N arrives as broll_file_N (a file) or its URL, broll_start_N and broll_end_N. */
const addBrollsFields = z
  .object({
    user_id: z.string().min(1),
    video_id: z.string().min(1).max(100).optional(),
    main_video_url: z.string().max(2048).default(''),
  })
  .catchall(z.string());

// One row more than a video may have is read, so a sixth row is refused with its own words rather than dropped.
const brollFiles = { files: { 'broll_file_#': { policy: 'broll-image' } }, maxFiles: maxBrolls + 1, storage: 'memory' } as const;

export const brollEndpoints = {
  addBrolls: defineEndpoint({ method: 'POST', path: '/api/add-brolls', summary: 'SPEC §7 add-brolls (multipart: main_video_url, broll_file_N, broll_start_N, broll_end_N): the overlay preview render.', tag: 'brolls', access: 'session', body: 'upload', request: addBrollsFields, upload: brollFiles, response: addBrollsResponse, namesUser }),
  skipBroll: defineEndpoint({ method: 'POST', path: '/api/skip-broll', summary: 'SPEC §7 skip-broll (form: user_id): goes on without B-roll.', tag: 'brolls', access: 'session', body: 'form', request: skipBrollRequest, response: skipBrollResponse, namesUser }),
  saveBrollUrl: defineEndpoint({ method: 'POST', path: '/api/save-broll-url', summary: 'SPEC §7 save-broll-url: the rendered B-roll video becomes the project video.', tag: 'brolls', access: 'session', body: 'json', request: saveBrollUrlRequest, response: success, namesUser }),
  autoBrolls: defineEndpoint({ method: 'POST', path: '/api/auto-brolls', summary: 'Auto B-roll (beta): pictures and times matched to what is said.', tag: 'brolls', access: 'session', body: 'json', request: autoBrollsRequest, response: autoBrollsResponse, namesUser }),
} as const;

export const finalVideoEndpoints = {
  start: defineEndpoint({ method: 'POST', path: '/api/final-video', summary: 'SPEC §7 final-video (form, optional cta_image file): starts the one final render.', tag: 'final video', access: 'session', body: 'upload', request: finalVideoFields, upload: { files: { cta_image: { policy: 'cta-image' } }, maxFiles: 1, storage: 'memory', plainForm: true }, response: finalVideoStatusResponse, namesUser }),
  check: defineEndpoint({ method: 'POST', path: '/api/check-final-video', summary: 'The final render’s state and percent, polled by the page.', tag: 'final video', access: 'session', body: 'json', request: checkFinalVideoRequest, response: finalVideoStatusResponse, namesUser }),
  cost: defineEndpoint({ method: 'POST', path: '/api/final-video-cost', summary: 'What the next final render costs: a credit, or nothing for a re-render.', tag: 'final video', access: 'session', body: 'json', request: checkFinalVideoRequest, response: finalVideoCostResponse, namesUser }),
} as const;

/** Images past the page's ten are read too, up to the app's multipart bound, so an eleventh is refused by count. */
const imageFiles = { files: { 'image#': { policy: 'scene-image' } }, maxFiles: 12, storage: 'memory' } as const;
/** The clip may come before user_id, so it waits on disk until the whole form is in; a stock clip comes as video_url. */
const ownVideoFile = { files: { video: { policy: 'own-video' } }, maxFiles: 1, storage: 'scratch', plainForm: true } as const;

export const ownMediaEndpoints = {
  convertImages: defineEndpoint({ method: 'POST', path: '/api/convert-images-to-video', summary: 'SPEC §7 convert-images-to-video (multipart: image1..N, zoom, effect, user_id).', tag: 'image-to-video', access: 'session', body: 'upload', request: convertImagesFields, upload: imageFiles, response: convertImagesResponse, namesUser }),
  imageEffects: defineEndpoint({ method: 'GET', path: '/api/image-effects', summary: 'The image effects with a preview clip each.', tag: 'image-to-video', access: 'session', body: 'none', request: z.object({}), response: imageEffectsResponse }),
  uploadAndSave: defineEndpoint({ method: 'POST', path: '/api/upload-and-save', summary: 'SPEC §7 upload-and-save (multipart: video, user_id, id): one of the user’s own clips.', tag: 'own video', access: 'session', body: 'upload', request: uploadAndSaveFields, upload: ownVideoFile, response: uploadAndSaveResponse, namesUser }),
  combineVideosSilent: defineEndpoint({ method: 'POST', path: '/api/combine-videos-silent', summary: 'SPEC §7 combine-videos-silent (form: user_id, video1..6): the clips joined without sound.', tag: 'own video', access: 'session', body: 'form', request: combineVideosSilentFields.loose(), response: combineVideosSilentResponse, namesUser }),
} as const;
