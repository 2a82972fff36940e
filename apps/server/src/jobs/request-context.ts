import { AsyncLocalStorage } from 'node:async_hooks';

const requests = new AsyncLocalStorage<string>();

/**
 * The id of the HTTP request being served, wherever its handling has got to: a job it starts records it, so the
 * job's log lines (perhaps on another host) and the request's line can be read together.
 */
export function withRequestId<T>(requestId: string, run: () => T): T {
  return requests.run(requestId, run);
}

export function currentRequestId(): string | undefined {
  return requests.getStore();
}
