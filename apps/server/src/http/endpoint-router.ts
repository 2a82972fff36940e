import { rm } from 'node:fs/promises';
import type { AnyEndpoint, EndpointResponse, PathParams, SessionUser, UploadSpec } from '@reelsmith/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { Auth } from '../platform/auth.ts';
import { UserFacingError } from '../errors.ts';
import { parseWith } from './errors.ts';
import { readFormFields } from './form-body.ts';
import { readUploadBody, requireFiles, type UploadedFiles } from './multipart-form.ts';
import type { OperatorGuard } from './operator.ts';
import { assertSameUser, readSessionUser, requireSessionUser } from './session.ts';

type UserOf<E extends AnyEndpoint> = E['access'] extends 'session' ? SessionUser : SessionUser | null;

type ParamsOf<E extends AnyEndpoint> = E['params'] extends z.ZodType ? z.output<E['params']> : PathParams<E['path']>;
type FilesOf<E extends AnyEndpoint> = E['upload'] extends UploadSpec ? UploadedFiles<E['upload']['storage']> : undefined;

export interface EndpointContext<E extends AnyEndpoint> {
  user: UserOf<E>;
  /** The checked body (POST), query (GET) or an upload's text fields; for 'raw' and 'none' endpoints, undefined. */
  input: E['body'] extends 'raw' | 'none' ? undefined : z.output<E['request']>;
  params: ParamsOf<E>;
  /** An upload's files, read and held to their policies by the router. */
  files: FilesOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
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
  /** Where uploads kept on disk wait for their handler. */
  scratchDir: string;
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
    assertUploadSpec(endpoint);
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
    const params = endpoint.params ? parseWith(endpoint.params, request.params) : request.params;
    const check = (fields: unknown) => {
      const message = typeof endpoint.badRequestMessage === 'function' ? endpoint.badRequestMessage(fields) : endpoint.badRequestMessage;
      const parsed = parseWith(endpoint.request, fields, message);
      if (user && endpoint.namesUser) assertSameUser(user, namedUser(endpoint, parsed));
      return parsed;
    };
    const scratch: string[] = [];
    try {
      let input: unknown;
      let files: unknown;
      if (endpoint.body === 'json') input = check(endpoint.method === 'GET' ? request.query : request.body);
      else if (endpoint.body === 'form') input = check(await readFormFields(request));
      else if (endpoint.upload) {
        const body = await readUploadBody(request, endpoint.upload, { params, scratchDir: options.scratchDir, scratch });
        input = check(body.fields);
        requireFiles(endpoint.upload, body.files);
        files = body.files;
      }
      const result = await handler({ user, input, params, files, request, reply } as EndpointContext<E>);
      if (result === reply) return reply;
      if (options.validateResponses) assertResponse(endpoint, result);
      return result;
    } finally {
      await Promise.all(scratch.map((path) => rm(path, { force: true })));
    }
  }

  return {
    route,
    registered: () => registered as readonly AnyEndpoint[],
    /** The same router inside an encapsulated scope (a route with its own body parser). */
    within: (scope: FastifyInstance): EndpointRouter => createEndpointRouter(scope, options, registered),
  };
}

/** An 'upload' body is read from its spec; a spec whose policy a path parameter names needs that parameter checked. */
function assertUploadSpec(endpoint: AnyEndpoint): void {
  const name = `${endpoint.method} ${endpoint.path}`;
  if ((endpoint.body === 'upload') !== Boolean(endpoint.upload)) throw new Error(`${name}: an 'upload' body and an upload spec go together.`);
  const byParam = Object.values(endpoint.upload?.files ?? {}).some((field) => typeof field.policy !== 'string');
  if (byParam && !endpoint.params) throw new Error(`${name}: a policy named by the path needs the endpoint's params schema.`);
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
