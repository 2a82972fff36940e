import { describe, expect, it } from 'vitest';
import { retryWhileUnreachable } from './retry.ts';

const failing = (code: string) => Object.assign(new Error(code), { code });

describe('retryWhileUnreachable', () => {
  it('runs the statement again while the server is unreachable or shutting down, then answers', async () => {
    const errors = [failing('ECONNREFUSED'), failing('57P03'), failing('57P01'), failing('ECONNRESET'), failing('55000'), failing('53300')];
    let calls = 0;
    const answer = await retryWhileUnreachable(async () => {
      calls += 1;
      const error = errors.shift();
      if (error) throw error;
      return 'rows';
    }, 5000);
    expect([answer, calls]).toEqual(['rows', 7]);
  });

  it('never repeats a statement that may have run, nor one the server refused', async () => {
    for (const error of [new Error('Connection terminated unexpectedly'), failing('23505')]) {
      let calls = 0;
      await expect(
        retryWhileUnreachable(async () => {
          calls += 1;
          throw error;
        }, 5000),
      ).rejects.toThrow(error.message);
      expect(calls).toBe(1);
    }
  });

  it('gives up with the last error once the time is up', async () => {
    const started = Date.now();
    await expect(retryWhileUnreachable(() => Promise.reject(failing('ECONNREFUSED')), 400)).rejects.toThrow('ECONNREFUSED');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
