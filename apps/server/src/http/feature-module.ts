import type { FastifyInstance } from 'fastify';
import type { EndpointRouter } from './endpoint-router.ts';
import type { OperatorGuard } from './operator.ts';

/** What the HTTP shell hands every feature: the router its endpoints go on, the app for lifecycle hooks, the operator check. */
export interface FeatureContext {
  router: EndpointRouter;
  app: FastifyInstance;
  operator: OperatorGuard;
}

/**
 * A feature module (modules/<feature>/index.ts): built by the composition root from the collaborators it names, it
 * makes its own services and registers its routes when the app is built.
 */
export interface FeatureModule {
  register(context: FeatureContext): void | Promise<void>;
}
