import type { Metrics } from './metrics.ts';

/**
 * The same provider with every method that returns a promise timed into `reelsmith_provider_call_seconds`. Done once
 * at the composition root, so adapters stay free of metrics code and every adapter of a capability is measured alike.
 * Fields that are not functions (a generator's name and lengths) are passed through as they are.
 */
export function instrumented<T extends object>(provider: T, name: string, metrics: Metrics): T {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        const started = performance.now();
        const seconds = () => (performance.now() - started) / 1000;
        const answer: unknown = value.apply(target, args);
        if (!(answer instanceof Promise)) return answer;
        return answer.then(
          (result: unknown) => {
            metrics.observeProviderCall(name, property, true, seconds());
            return result;
          },
          (error: unknown) => {
            metrics.observeProviderCall(name, property, false, seconds());
            throw error;
          },
        );
      };
    },
  });
}
