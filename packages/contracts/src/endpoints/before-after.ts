import { z } from 'zod';
import { beforeAfterOptionsResponse, beforeAfterTexts, generateBeforeAfterFields, generateBeforeAfterResponse } from '../before-after.ts';
import { defineEndpoint } from '../endpoint.ts';
import { genericMessages } from '../messages.ts';

const tag = 'before-after';
const side = { policy: 'before-after' } as const;

/** SPEC §5: a missing transition has its own text; any other malformed form the generic one. */
const refusal = (body: unknown) => {
  const transition = (body as { transition?: unknown } | null)?.transition;
  return transition === undefined || transition === '' ? beforeAfterTexts.missingTransition : genericMessages.badRequest;
};

export const beforeAfterEndpoints = {
  generate: defineEndpoint({
    method: 'POST',
    path: '/api/generate-before-after',
    summary: 'SPEC §7 generate-before-after (multipart: before_type, after_type, transition, before_file, after_file, before_prompt, after_prompt): starts the 14 s video.',
    tag,
    access: 'session',
    body: 'upload',
    request: generateBeforeAfterFields,
    upload: { files: { before_file: side, after_file: side }, maxFiles: 2, storage: 'memory' },
    response: generateBeforeAfterResponse,
    namesUser: { id: 'user_id' },
    badRequestMessage: refusal,
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/api/before-after-options',
    summary: 'Whether AI credits remain for image to video (SPEC §4), and the video generator that would make it.',
    tag,
    access: 'session',
    body: 'none',
    request: z.object({}),
    response: beforeAfterOptionsResponse,
  }),
} as const;
