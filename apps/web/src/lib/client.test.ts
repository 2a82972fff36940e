import { accountDataEndpoints } from '@reelsmith/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attempt, call, CallFailure, failureText, shownText, type FailureTexts } from './client.ts';

const endpoint = accountDataEndpoints.delete;
const texts: FailureTexts = {
  fallback: 'fallback',
  unreachable: 'unreachable',
  timedOut: 'timed out',
  signedOut: 'signed out',
  unexpected: 'unexpected',
  serverFault: 'server fault',
};

/** The server answers `status` with `body` (JSON unless a string). */
function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

/** What the page would show for this call's failure under `given`. */
async function shown(given: FailureTexts = texts): Promise<string> {
  try {
    await call(endpoint, { password: 'secret' });
  } catch (error) {
    return failureText(error, given);
  }
  throw new Error('the call succeeded');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('failureText', () => {
  it("shows the server's own words as they are, whatever the status", async () => {
    answer(400, { error: 'That password is not correct.' });
    expect(await shown()).toBe('That password is not correct.');
    answer(500, { error: 'Something broke' });
    expect(await shown()).toBe('Something broke');
    answer(400, { message: 'better-auth words' });
    expect(await shown()).toBe('better-auth words');
  });

  it('gives an answer without words the fallback, or for a server fault its own text', async () => {
    answer(400, '');
    expect(await shown()).toBe('fallback');
    answer(502, '<html>Bad gateway</html>');
    expect(await shown()).toBe('server fault');
    expect(await shown({ fallback: 'fallback' })).toBe('fallback');
  });

  it('names an ended session, an unreadable success and no answer at all', async () => {
    answer(401, { error: 'Unauthorized' });
    expect(await shown()).toBe('signed out');
    expect(await shown({ fallback: 'fallback' })).toBe('Unauthorized');
    answer(200, { unexpected: true });
    expect(await shown()).toBe('unexpected');
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await shown()).toBe('unreachable');
    expect(await shown({ fallback: 'fallback' })).toBe('fallback');
  });

  it('reads a connection broken while the answer arrives as no answer', async () => {
    const broken = new ReadableStream({ start: (controller) => controller.error(new TypeError('network error')) });
    vi.stubGlobal('fetch', async () => new Response(broken, { status: 200 }));
    expect(await shown()).toBe('unreachable');
  });

  it('tells a call that ran out of time from one that found no server', async () => {
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))));
    const failure = await call(endpoint, { password: 'secret' }, { timeoutMs: 10 }).catch((error: unknown) => error);
    expect(failureText(failure, texts)).toBe('timed out');
    expect(failureText(failure, { fallback: 'fallback', unreachable: 'unreachable' })).toBe('unreachable');
  });

  it("keeps the server's words back, or turns them into the feature's text", async () => {
    answer(413, { error: 'Too large for here: 8 MB' });
    expect(await shown({ ...texts, words: false })).toBe('fallback');
    const onlyTooLarge = { ...texts, words: (words: string, status: number) => (status === 413 ? `Refused: ${words}` : null) };
    expect(await shown(onlyTooLarge)).toBe('Refused: Too large for here: 8 MB');
    answer(500, { error: 'Internal' });
    expect(await shown(onlyTooLarge)).toBe('server fault');
  });

  it('gives a failure that is no call failure the fallback', () => {
    expect(failureText(new TypeError('x is undefined'), texts)).toBe('fallback');
  });
});

describe('attempt', () => {
  it("answers the call's result when it succeeds", async () => {
    answer(200, { status: 'deleted', message: 'Deleted' });
    await expect(attempt(call(endpoint, { password: 'secret' }), texts)).resolves.toEqual({ status: 'deleted', message: 'Deleted' });
  });

  it('turns a failure into a CallFailure with its text, status and field', async () => {
    answer(400, { error: 'Wrong password', field: 'password' });
    const failure = await attempt(call(endpoint, { password: 'secret' }), texts).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CallFailure);
    expect(failure).toMatchObject({ message: 'Wrong password', status: 400, field: 'password' });
    expect(shownText(failure, 'page text')).toBe('Wrong password');
    expect(shownText(new Error('raw'), 'page text')).toBe('page text');
  });
});
