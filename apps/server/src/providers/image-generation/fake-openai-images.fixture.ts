import sharp from 'sharp';
import { startFakeVendorServer, type RecordedRequest } from '../video-generation/fake-vendor.fixture.ts';

/**
 * Test support: a stand-in for OpenAI's image edits endpoint, following the official client (openai/openai-node
 * src/resources/images.ts) and OpenAI's error shape; see SOURCES.md.
 * - POST /v1/images/edits, multipart (model, image, prompt, size, input_fidelity, n): 200 with
 *   {created, data: [{b64_json}], background, output_format, quality, size, usage}; the image is a 1024x1536 PNG.
 * - A refusal is 400 {error: {message, type: image_generation_user_error, param: null, code: moderation_blocked}}.
 * Every call needs `Authorization: Bearer <apiKey>`. Rate limits, outages and slowness come from interruptNext.
 */
export type OpenAiImagesRoute = 'edits';

const apiKey = 'sk-test-images';

const openAiError = (status: number, message: string, type: string, code: string | null, param: string | null = null) => ({
  status,
  body: { error: { message, type, param, code } },
});

/** The multipart form a recorded request carried, read as the vendor reads it (null when it is not a form). */
export async function readForm(request: RecordedRequest): Promise<FormData | null> {
  const type = String(request.headers['content-type'] ?? '');
  if (!type.startsWith('multipart/form-data')) return null;
  return new Response(request.rawBody, { headers: { 'content-type': type } }).formData();
}

export async function startFakeOpenAiImages() {
  const generated = await sharp({ create: { width: 1024, height: 1536, channels: 3, background: '#6f8fb8' } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1536"><rect x="362" y="420" width="300" height="700" rx="60" fill="#c0392b"/></svg>') }])
    .png()
    .toBuffer();
  let refuseNext = false;

  const fake = await startFakeVendorServer<OpenAiImagesRoute>({
    route: (method, path) => (method === 'POST' && path === '/v1/images/edits' ? 'edits' : null),
    async answer(_route, request) {
      if (request.headers.authorization !== `Bearer ${apiKey}`) return openAiError(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
      const form = await readForm(request);
      if (!form) return openAiError(400, "Invalid Content-Type header (expected 'multipart/form-data').", 'invalid_request_error', null);
      const absent = ['model', 'prompt', 'image'].find((name) => !form.has(name));
      if (absent) return openAiError(400, `Missing required parameter: '${absent}'.`, 'invalid_request_error', 'missing_required_parameter', absent);
      if (refuseNext) {
        refuseNext = false;
        return openAiError(400, 'Your request was rejected as a result of our safety system.', 'image_generation_user_error', 'moderation_blocked');
      }
      const usage = { input_tokens: 1290, input_tokens_details: { image_tokens: 1200, text_tokens: 90 }, output_tokens: 6240, total_tokens: 7530 };
      const body = { created: Math.floor(Date.now() / 1000), background: 'opaque', data: [{ b64_json: generated.toString('base64') }], output_format: 'png', quality: 'high', size: '1024x1536', usage };
      return { status: 200, body };
    },
  });

  return {
    ...fake,
    apiKey,
    baseUrl: `${fake.baseUrl}/v1`,
    /** The next edit is turned down by the safety system. */
    refuseNext() {
      refuseNext = true;
    },
  };
}
