import { setTimeout as sleep } from 'node:timers/promises';
import type { FinalVideoStatus } from '@reelsmith/contracts';
import { publicUrl } from './cluster.ts';

/**
 * One person's browser session over real HTTP, talking to whichever API process it is pointed at per call (as a
 * load balancer would send it): the session cookie made by one API must work on the other.
 */
export class UserClient {
  private cookies = new Map<string, string>();
  userId = '';

  constructor(
    readonly email: string,
    private readonly password = 'correct-horse-1',
  ) {}

  async call(base: string, method: 'GET' | 'POST', path: string, body?: { json: unknown } | { form: FormData | URLSearchParams }): Promise<Response> {
    const headers: Record<string, string> = {};
    // A browser names the page's origin on every POST; better-auth refuses a cookie-carrying one without it.
    if (method === 'POST') headers.origin = publicUrl;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let payload: string | FormData | URLSearchParams | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body) {
      payload = body.form;
    }
    const response = await fetch(`${base}${path}`, { method, headers, body: payload, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return response;
  }

  async json<T>(base: string, method: 'GET' | 'POST', path: string, body?: { json: unknown } | { form: FormData | URLSearchParams }): Promise<T> {
    const response = await this.call(base, method, path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} on ${base} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  /** Signs up on one API, follows the mailed link on the other, signs in on the first. */
  async signUp(first: string, second: string, operatorToken: string): Promise<void> {
    const signup = await this.json<{ user: { id: string } }>(first, 'POST', '/api/auth/sign-up/email', { json: { name: 'Multi Host', email: this.email, password: this.password, callbackURL: '/login?verified=1' } });
    this.userId = signup.user.id;
    const outbox = await fetch(`${second}/api/dev/outbox?to=${encodeURIComponent(this.email)}`, { headers: { 'x-operator-token': operatorToken } });
    const link = ((await outbox.json()) as Array<{ links: string[] }>)[0]?.links[0];
    if (!link?.startsWith(publicUrl)) throw new Error(`no confirmation mail for ${this.email}`);
    const confirm = await this.call(second, 'GET', link.slice(publicUrl.length));
    if (confirm.status !== 302) throw new Error(`confirming ${this.email} answered ${confirm.status}`);
    await this.json(first, 'POST', '/api/auth/sign-in/email', { json: { email: this.email, password: this.password } });
  }

  videosUsed = async (base: string) => (await this.json<{ videos_used: number; videos_allowed: number }>(base, 'POST', '/api/subscription', { json: { email: this.email } })).videos_used;

  /**
   * The Add B-Rolls path up to the final video, every step over HTTP: upload the user's own talking video, start a
   * project, skip the overlays. Returns the project (video) id and the uploaded video's signed URL.
   */
  async prepareVideo(bases: [string, string], video: Buffer): Promise<{ videoId: string; uploadUrl: string }> {
    const [a, b] = bases;
    const upload = new FormData();
    upload.append('file', new Blob([video], { type: 'video/mp4' }), 'talk.mp4');
    const { url } = await this.json<{ url: string }>(a, 'POST', '/api/uploads/main-video', { form: upload });
    const { video_id: videoId } = await this.json<{ video_id: string }>(b, 'POST', '/api/create-video-entry', { json: { user_id: this.userId, video_type: 'add-brolls' } });
    await this.json(a, 'POST', '/api/skip-broll', { json: { user_id: this.userId, video_id: videoId, main_video_url: url } });
    return { videoId, uploadUrl: url };
  }

  /** Asks for the final video without subtitles; returns its render job. */
  async startFinalVideo(base: string, videoId: string): Promise<string> {
    const form = new URLSearchParams({ user_id: this.userId, video_id: videoId, subtitle_enabled: 'No', subtitle_position: 'bottom', subtitle_font_size: 'medium', words_per_chunk: '3', subtitle_srt: '', subtitle_style: 'Hormozi' });
    const started = await this.json<FinalVideoStatus>(base, 'POST', '/api/final-video', { form });
    if (started.status !== 'processing') throw new Error(`final-video for ${videoId} answered ${JSON.stringify(started)}`);
    return started.job_id;
  }

  /**
   * Polls check-final-video until the render is over, through either API. A poll that fails (the database restarting
   * under the API) is tried again, as the page's next poll would be.
   */
  async finished(bases: string[], videoId: string, timeoutMs: number): Promise<FinalVideoStatus> {
    const deadline = Date.now() + timeoutMs;
    for (let n = 0; Date.now() < deadline; n += 1) {
      const status = await this.json<FinalVideoStatus>(bases[n % bases.length]!, 'POST', '/api/check-final-video', { json: { user_id: this.userId, video_id: videoId } }).catch(() => null);
      if (status && status.status !== 'processing') return status;
      await sleep(500);
    }
    throw new Error(`the final video ${videoId} of ${this.email} did not finish within ${timeoutMs} ms`);
  }

  /** The file behind a signed URL, through an API (the bucket is not public). */
  async download(base: string, signedUrl: string): Promise<Buffer> {
    const path = signedUrl.startsWith('http') ? new URL(signedUrl).pathname + new URL(signedUrl).search : signedUrl;
    const response = await this.call(base, 'GET', path);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }
}
