import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { generateShowcaseFields, generateShowcaseResponse, showcaseSettingsResponse } from '../product-showcase.ts';

export const productShowcaseEndpoints = {
  generate: defineEndpoint({
    method: 'POST',
    path: '/api/generate-product-showcase',
    summary: 'SPEC §7 generate-product-showcase (multipart: length, text1, image1, text2, image2, transition): starts the generation; one AI credit.',
    tag: 'product showcase',
    access: 'session',
    body: 'upload',
    request: generateShowcaseFields,
    // An image over the upload limit is refused by the service, in the page's order and with its real size.
    upload: { files: { 'image#': { policy: 'showcase-image', overLimit: 'mark' } }, maxFiles: 2, storage: 'memory' },
    response: generateShowcaseResponse,
    namesUser: { id: 'user_id' },
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/product-showcase/settings',
    summary: 'Which video generator the showcase uses (the offline one is labelled as such on the page).',
    tag: 'product showcase',
    access: 'session',
    body: 'none',
    request: z.object({}),
    response: showcaseSettingsResponse,
  }),
} as const;
