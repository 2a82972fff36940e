import { writerMessages } from '@reelsmith/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { completion, startChatServer, type ChatServer } from './chat-server.fixture.ts';
import { describeWriterContract } from './contract.ts';
import { createOpenAiCompatibleWriter, type LlmSettings } from './openai-compatible.ts';
import { countWords, wordBudget, WriterError, type BusinessBrief } from './types.ts';

let chat: ChatServer;
beforeAll(async () => {
  chat = await startChatServer();
});
afterEach(() => {
  chat.respondWith(null);
  chat.requests.length = 0;
});
afterAll(() => chat.close());

const brief: BusinessBrief = {
  businessName: 'Lumen Accounting',
  businessType: 'Accounting firm',
  goal: 'Generate Leads',
  tone: 'Professional',
  offerings: ['bookkeeping', 'tax returns'],
  targetAudience: 'Business Owners',
};

function writer(overrides: Partial<LlmSettings> = {}, log: string[] = []) {
  return createOpenAiCompatibleWriter(
    { baseUrl: `${chat.baseUrl}/`, apiKey: 'sk-test', model: 'gpt-test', timeoutMs: 2000, ...overrides },
    (line) => log.push(line),
  );
}

async function failure(promise: Promise<unknown>): Promise<WriterError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WriterError);
  return error as WriterError;
}

describe('OpenAI-compatible writer', () => {
  it('asks the configured model for JSON matching a strict schema, with the profile as input', async () => {
    const ideas = await writer().ideas(brief, 3);
    expect(ideas).toHaveLength(3);
    expect(ideas[0]).toEqual({ title: expect.stringContaining('Lumen Accounting'), scriptPrompt: expect.stringContaining('Accounting firm') });
    const [request] = chat.requests;
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.body.model).toBe('gpt-test');
    expect(request!.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request!.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'marketing_ideas', strict: true } });
    expect(request!.input).toEqual({
      business_name: 'Lumen Accounting',
      business_type: 'Accounting firm',
      offerings: ['bookkeeping', 'tax returns'],
      target_audience: 'Business Owners',
      goal: 'Generate Leads',
      tone: 'Professional',
      count: 3,
    });
  });

  it('writes scripts and storyboards for the saved business profile, and mentions none when there is no profile', async () => {
    const asked = async (business?: BusinessBrief) => {
      chat.requests.length = 0;
      await writer().scriptFromPrompt({ prompt: 'Tax season checklist', targetSeconds: 20, business });
      await writer().scriptForVideo({ durationSeconds: 12, transcript: 'Welcome in', business });
      await writer().storyboardScenes({ script: 'Taxes done. Call us.', business });
      return chat.requests.map((request) => ({ task: request.task, input: request.input, text: request.body.messages[1]!.content }));
    };
    const profile = {
      name: 'Lumen Accounting',
      type: 'Accounting firm',
      offerings: ['bookkeeping', 'tax returns'],
      target_audience: 'Business Owners',
      goal: 'Generate Leads',
      tone: 'Professional',
    };
    const withProfile = await asked(brief);
    expect(withProfile.map((request) => request.task)).toEqual(['voiceover_script', 'video_voiceover_script', 'storyboard_scenes']);
    for (const request of withProfile) {
      expect(request.input.business, request.task).toEqual(profile);
      expect(request.text).toMatch(/\bthe business in the input\b/);
    }
    expect(withProfile[0]!.input).toMatchObject({ prompt: 'Tax season checklist', target_seconds: 20 });
    expect(withProfile[2]!.input).toMatchObject({ script: 'Taxes done. Call us.' });

    for (const request of await asked(undefined)) {
      expect(request.input, request.task).not.toHaveProperty('business');
      expect(request.text).not.toMatch(/business|Lumen/i);
    }
  });

  it('sends no authorization header when no key is configured (Ollama, vLLM)', async () => {
    await writer({ apiKey: undefined }).storyboardScenes({ script: 'One. Two.' });
    expect(chat.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('cuts a script that runs long to the word budget, keeping the hook and the call to action', async () => {
    const script = await writer().scriptFromPrompt({ prompt: 'Bookkeeping for busy owners', targetSeconds: 10 });
    expect(chat.requests[0]!.input).toMatchObject({ target_seconds: 10, max_words: wordBudget(10) });
    expect(countWords(script)).toBeLessThanOrEqual(wordBudget(10));
    expect(script.startsWith('Stop scrolling now.')).toBe(true);
    expect(script.endsWith('Book today.')).toBe(true);
  });

  it('accepts JSON wrapped in a markdown fence', async () => {
    chat.respondWith(() => ({ body: completion('```json\n{"script":"Hello there. Call us today."}\n```') }));
    expect(await writer().scriptForVideo({ durationSeconds: 5, transcript: 'hi' })).toBe('Hello there. Call us today.');
  });

  it.each([
    ['429 rate limit', { status: 429, body: { error: { message: 'Rate limit reached' } } }, 'rateLimited', 503],
    ['504 gateway timeout', { status: 504, body: {} }, 'timeout', 504],
    ['500 server error', { status: 500, body: { error: { message: 'boom' } } }, 'unavailable', 502],
    ['401 bad key', { status: 401, body: { error: { message: 'Incorrect API key' } } }, 'unavailable', 502],
    ['a body that is not JSON', { body: null, raw: '<html>oops</html>' }, 'malformed', 502],
    ['no choices', { body: { choices: [] } }, 'malformed', 502],
    ['content that is not JSON', { body: completion('Sure! Here are your ideas: ...') }, 'malformed', 502],
    ['JSON of the wrong shape', { body: completion('{"ideas":[{"title":"Only a title"}]}') }, 'malformed', 502],
    ['an answer cut off at the token limit', { body: completion('{"ideas":[', 'length') }, 'malformed', 502],
    ['a refusal', { body: { choices: [{ finish_reason: 'stop', message: { content: null, refusal: 'I cannot help' } }] } }, 'malformed', 502],
  ] as const)('turns %s into a clear message', async (_name, reply, reason, status) => {
    const log: string[] = [];
    chat.respondWith(() => reply);
    const error = await failure(writer({}, log).ideas(brief, 2));
    expect(error.reason).toBe(reason);
    expect(error.statusCode).toBe(status);
    expect(error.message).toBe(writerMessages[reason]);
    expect(log).toHaveLength(1);
    expect(log[0]).toContain(reason);
    expect(log[0]).not.toContain('sk-test');
  });

  it('gives up on a slow answer at the timeout', async () => {
    chat.respondWith(() => ({ body: completion('{"scenes":[]}'), delayMs: 3000 }));
    const started = Date.now();
    const error = await failure(writer({ timeoutMs: 300 }).storyboardScenes({ script: 'A. B.' }));
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a batch with repeated ideas', async () => {
    const idea = { title: 'Same idea', script_prompt: 'Same prompt' };
    chat.respondWith(() => ({ body: completion(JSON.stringify({ ideas: [idea, { ...idea, title: 'same idea!' }] })) }));
    expect((await failure(writer().ideas(brief, 2))).reason).toBe('malformed');
  });

  it('refuses a storyboard with fewer than six scenes and keeps the first six of more', async () => {
    chat.respondWith(() => ({ body: completion(JSON.stringify({ scenes: ['a', 'b', 'c'] })) }));
    expect((await failure(writer().storyboardScenes({ script: 'x' }))).reason).toBe('malformed');
    chat.respondWith(() => ({ body: completion(JSON.stringify({ scenes: ['1', '2', '3', '4', '5', '6', '7'] })) }));
    expect(await writer().storyboardScenes({ script: 'x' })).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('reports a server that cannot be reached', async () => {
    const error = await failure(writer({ baseUrl: 'http://127.0.0.1:9/v1' }).scriptFromPrompt({ prompt: 'x', targetSeconds: 10 }));
    expect(error.reason).toBe('unavailable');
    expect(error.message).toBe(writerMessages.unavailable);
  });
});

describeWriterContract('OpenAI-compatible adapter', () => createOpenAiCompatibleWriter({ baseUrl: chat.baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 5000 }));
