import { z } from 'zod';
import { ideasTask, scenesTask, scriptTask, systemMessage, videoScriptTask, type ChatTask } from './chat-prompts.ts';
import { fitToBudget } from './fit.ts';
import { storyboardSceneCount, wordBudget, WriterError, type StoryboardScenes, type Writer, type WriterFailure } from './types.ts';

/** LLM_BASE_URL, LLM_API_KEY, LLM_MODEL and LLM_TIMEOUT_MS (config.ts). */
export interface LlmSettings {
  /** Up to and including the version, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl: string;
  /** Sent as a bearer token when set; local servers (Ollama, vLLM) usually need none. */
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

const completionBody = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullish(),
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
      }),
    )
    .min(1),
});

/** Some servers wrap JSON in a markdown fence even when asked for JSON; the object inside is what counts. */
function unfence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  return fenced ? fenced[1]! : content;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function titleKey(title: string): string {
  return title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/**
 * The writer over any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, …). It asks for JSON that
 * matches a schema, checks the answer with zod, and turns every way a call can fail into a WriterError: the user
 * reads a clear message, the operator's log gets the detail, and the caller's credit goes back.
 */
export function createOpenAiCompatibleWriter(settings: LlmSettings, log: (line: string) => void = () => undefined): Writer {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;

  function fail(reason: WriterFailure, detail: string): WriterError {
    log(`writer (${settings.model} at ${settings.baseUrl}): ${reason}: ${detail}`);
    return new WriterError(reason, detail);
  }

  async function post(task: ChatTask<unknown>): Promise<unknown> {
    const body = JSON.stringify({
      model: settings.model,
      temperature: task.temperature,
      messages: [
        { role: 'system', content: systemMessage },
        { role: 'user', content: `${task.instructions}\n\nInput:\n${JSON.stringify(task.input)}` },
      ],
      response_format: { type: 'json_schema', json_schema: { name: task.name, strict: true, schema: task.jsonSchema } },
    });
    try {
      const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(settings.timeoutMs) });
      const text = await response.text();
      if (response.status === 429) throw fail('rateLimited', `429 ${text.slice(0, 200)}`);
      if (response.status === 408 || response.status === 504) throw fail('timeout', `${response.status} from the server`);
      if (!response.ok) throw fail('unavailable', `${response.status} ${text.slice(0, 200)}`);
      try {
        return JSON.parse(text);
      } catch {
        throw fail('malformed', `the response body is not JSON: ${text.slice(0, 200)}`);
      }
    } catch (error) {
      if (error instanceof WriterError) throw error;
      if (isTimeout(error)) throw fail('timeout', `no answer within ${settings.timeoutMs} ms`);
      throw fail('unavailable', error instanceof Error ? `${error.message} ${String(error.cause ?? '')}`.trim() : String(error));
    }
  }

  async function complete<T>(task: ChatTask<T>): Promise<T> {
    const parsed = completionBody.safeParse(await post(task));
    if (!parsed.success) throw fail('malformed', 'the response has no choices[0].message');
    const choice = parsed.data.choices[0]!;
    if (choice.finish_reason === 'length') throw fail('malformed', 'the answer was cut off at the token limit');
    if (!choice.message.content) throw fail('malformed', `no content${choice.message.refusal ? ` (refusal: ${choice.message.refusal})` : ''}`);
    let json: unknown;
    try {
      json = JSON.parse(unfence(choice.message.content));
    } catch {
      throw fail('malformed', `the content is not JSON: ${choice.message.content.slice(0, 200)}`);
    }
    const answer = task.answer.safeParse(json);
    if (!answer.success) throw fail('malformed', `the JSON does not match ${task.name}: ${answer.error.issues[0]?.message ?? ''}`);
    return answer.data;
  }

  return {
    kind: 'openai-compatible',
    async ideas(brief, count) {
      const { ideas } = await complete(ideasTask(brief, count));
      const seen = new Set<string>();
      const distinct = ideas.filter((idea) => {
        const key = titleKey(idea.title);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      if (distinct.length < count) throw fail('malformed', `${distinct.length} distinct ideas instead of ${count}`);
      return distinct.slice(0, count).map((idea) => ({ title: idea.title, scriptPrompt: idea.script_prompt }));
    },
    async scriptFromPrompt({ prompt, targetSeconds, business }) {
      const budget = wordBudget(targetSeconds);
      const { script } = await complete(scriptTask(prompt, targetSeconds, budget, business));
      return fitToBudget(script, budget);
    },
    async scriptForVideo(request) {
      const budget = wordBudget(request.durationSeconds);
      const { script } = await complete(videoScriptTask(request, budget));
      return fitToBudget(script, budget);
    },
    async storyboardScenes({ script, business }) {
      const { scenes } = await complete(scenesTask(script, business));
      return scenes.slice(0, storyboardSceneCount) as StoryboardScenes;
    },
  };
}
