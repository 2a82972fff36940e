import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support: a real HTTP server on loopback that speaks the chat-completions protocol. By default it plays a
 * plain model that answers each task from its input (and, like real models, writes scripts longer than asked);
 * a test can swap in any answer: errors, slow replies, broken JSON.
 */
export interface ChatRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
  };
  /** The task's input object, which the writer sends after "Input:" in the user message. */
  input: Record<string, unknown>;
  task: string;
}

export type ChatReply = { status?: number; body: unknown; delayMs?: number; raw?: string };
export type ChatHandler = (request: ChatRequest) => ChatReply;

export function completion(content: string, finishReason = 'stop'): unknown {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model: 'test-model',
    choices: [{ index: 0, finish_reason: finishReason, message: { role: 'assistant', content } }],
  };
}

const structures = ['Hook-problem-solution', 'AIDA', 'PAS', 'Before-after-bridge', 'Myth vs fact', 'Behind the scenes', 'Customer story', 'POV skit', 'Numbered list', 'Reply to a question'];

/** The plain model: short, correct answers built from the input, with scripts deliberately over the word limit. */
export const plainModel: ChatHandler = ({ task, input }) => {
  if (task === 'marketing_ideas') {
    const offerings = input.offerings as string[];
    const ideas = Array.from({ length: Number(input.count) }, (_, i) => {
      const offering = offerings[i % offerings.length]!;
      return {
        title: `${structures[i % structures.length]}: ${offering} at ${String(input.business_name)}`,
        script_prompt: `A 30-second ${structures[i % structures.length]} video for ${String(input.business_name)} (${String(input.business_type)}) about ${offering}, for ${String(input.target_audience)}. Goal: ${String(input.goal)}. Tone: ${String(input.tone)}.`,
      };
    });
    return { body: completion(JSON.stringify({ ideas })) };
  }
  if (task === 'voiceover_script' || task === 'video_voiceover_script') {
    const sentences = Array.from({ length: Number(input.max_words) }, (_, i) => `Line ${i + 1} of the story.`);
    return { body: completion(JSON.stringify({ script: ['Stop scrolling now.', ...sentences, 'Book today.'].join(' ') })) };
  }
  if (task === 'storyboard_scenes') {
    const scenes = Array.from({ length: 6 }, (_, i) => `Scene ${i + 1}: a close-up that shows part ${i + 1} of the script.`);
    return { body: completion(JSON.stringify({ scenes })) };
  }
  return { status: 400, body: { error: { message: `unknown task ${task}` } } };
};

async function readJson(request: IncomingMessage): Promise<ChatRequest['body']> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest['body'];
}

export async function startChatServer() {
  const requests: ChatRequest[] = [];
  let handler: ChatHandler = plainModel;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = await readJson(req);
      const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
      const input = JSON.parse(user.slice(user.indexOf('Input:\n') + 'Input:\n'.length)) as Record<string, unknown>;
      const request: ChatRequest = { headers: req.headers, body, input, task: body.response_format?.json_schema?.name ?? '' };
      requests.push(request);
      const reply = handler(request);
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (res.destroyed) return;
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(reply.raw ?? JSON.stringify(reply.body));
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    respondWith(next: ChatHandler | null) {
      handler = next ?? plainModel;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ChatServer = Awaited<ReturnType<typeof startChatServer>>;
