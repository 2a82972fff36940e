import type { AnyEndpoint, EndpointResponse, PathParams, SessionUser } from '@reelsmith/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { Auth } from '../platform/auth.ts';
import { UserFacingError } from '../errors.ts';
import { parseWith } from './errors.ts';
import { readFormFields } from './form-body.ts';
import type { OperatorGuard } from './operator.ts';
import { assertSameUser, readSessionUser, requireSessionUser } from './session.ts';

type UserOf<E extends AnyEndpoint> = E['access'] extends 'session' ? SessionUser : SessionUser | null;

export interface EndpointContext<E extends AnyEndpoint> {
  user: UserOf<E>;
  /** The checked body (POST) or query (GET); for 'upload', 'raw' and 'none' endpoints, undefined. */
  input: E['body'] extends 'upload' | 'raw' | 'none' ? undefined : z.output<E['request']>;
  params: PathParams<E['path']>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Checks fields an 'upload' route read itself against the endpoint's request schema, owner check included. */
  check(fields: unknown): z.output<E['request']>;
}

export type EndpointHandler<E extends AnyEndpoint> = (
  context: EndpointContext<E>,
) => Promise<EndpointResponse<E> | z.input<E['response']> | FastifyReply> | EndpointResponse<E> | FastifyReply;

/** What a route adds to its definition: per-route rate limits and body limits are the server's business, not the contract's. */
export interface EndpointRouteOptions {
  config?: FastifyContextConfig;
  bodyLimit?: number;
  /** Runs before the operator check (the mailbox link trades its token for a cookie first). */
  preHandler?: preHandlerAsyncHookHandler[];
}

export interface EndpointRouterOptions {
  auth: Auth;
  operator?: OperatorGuard;
  /** Tests check every answer against its endpoint's response schema; production trusts the types. */
  validateResponses?: boolean;
}

function namedUser(endpoint: AnyEndpoint, input: unknown) {
  const fields = (input ?? {}) as Record<string, unknown>;
  const pick = (key: string | undefined) => (key && typeof fields[key] === 'string' ? (fields[key] as string) : undefined);
  return { id: pick(endpoint.namesUser?.id), email: pick(endpoint.namesUser?.email) };
}

/** Registers endpoints from their definitions; each route gets session, owner check and parsing from here. */
export function createEndpointRouter(app: FastifyInstance, options: EndpointRouterOptions, registered: AnyEndpoint[] = []): EndpointRouter {

  function userOf(endpoint: AnyEndpoint, request: FastifyRequest) {
    if (endpoint.access === 'session') return requireSessionUser(options.auth, request);
    return endpoint.access === 'public' ? readSessionUser(options.auth, request) : Promise.resolve(null);
  }

  function route<E extends AnyEndpoint>(endpoint: E, handler: EndpointHandler<E>, routeOptions: EndpointRouteOptions = {}): void {
    registered.push(endpoint);
    const preHandler = [...(routeOptions.preHandler ?? []), ...(endpoint.access === 'operator' ? [requireOperatorHook(options.operator)] : [])];
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(preHandler.length > 0 ? { preHandler } : {}),
      ...(routeOptions.config ? { config: routeOptions.config } : {}),
      ...(routeOptions.bodyLimit ? { bodyLimit: routeOptions.bodyLimit } : {}),
      handler: async (request, reply) => {
        // Operator answers carry what opens every account (mail links, metrics): no browser or proxy keeps them. Set
        // once the operator is known, so a stranger's 404 stays the same as a missing page's.
        if (endpoint.access === 'operator') reply.header('cache-control', 'no-store');
        try {
          return await handle(endpoint, handler, request, reply);
        } catch (error) {
          if (!endpoint.detailOnError || !(error instanceof UserFacingError)) throw error;
          const field = error.field ? { field: error.field } : {};
          return reply.status(error.statusCode).send({ error: error.message, detail: error.message, ...field });
        }
      },
    });
  }

  async function handle<E extends AnyEndpoint>(endpoint: E, handler: EndpointHandler<E>, request: FastifyRequest, reply: FastifyReply) {
    const user = await userOf(endpoint, request);
    const check = (fields: unknown) => {
      const message = typeof endpoint.badRequestMessage === 'function' ? endpoint.badRequestMessage(fields) : endpoint.badRequestMessage;
      const parsed = parseWith(endpoint.request, fields, message);
      if (user && endpoint.namesUser) assertSameUser(user, namedUser(endpoint, parsed));
      return parsed;
    };
    let input: unknown;
    if (endpoint.body === 'json') input = check(endpoint.method === 'GET' ? request.query : request.body);
    else if (endpoint.body === 'form') input = check(await readFormFields(request));
    const context = { user, input, params: request.params, request, reply, check } as EndpointContext<E>;
    const result = await handler(context);
    if (result === reply) return reply;
    if (options.validateResponses) assertResponse(endpoint, result);
    return result;
  }

  return {
    route,
    registered: () => registered as readonly AnyEndpoint[],
    /** The same router inside an encapsulated scope (a route with its own body parser). */
    within: (scope: FastifyInstance): EndpointRouter => createEndpointRouter(scope, options, registered),
  };
}

function requireOperatorHook(operator: OperatorGuard | undefined) {
  if (!operator) throw new Error('An operator endpoint needs the operator guard.');
  return operator.requireOperator;
}

/** A mismatch is a server bug: tests see it as a 500 naming the endpoint and the first wrong field. */
function assertResponse(endpoint: AnyEndpoint, result: unknown): void {
  if (endpoint.produces) return;
  const parsed = endpoint.response.safeParse(result);
  if (parsed.success) return;
  const issue = parsed.error.issues[0];
  throw new Error(`${endpoint.method} ${endpoint.path} answered outside its response schema at "${issue?.path.join('.')}": ${issue?.message}`);
}

export interface EndpointRouter {
  route<E extends AnyEndpoint>(endpoint: E, handler: EndpointHandler<E>, routeOptions?: EndpointRouteOptions): void;
  registered(): readonly AnyEndpoint[];
  within(scope: FastifyInstance): EndpointRouter;
}
