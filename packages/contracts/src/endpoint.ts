import { z } from 'zod';
import type { UploadPurpose } from './uploads.ts';

/**
 * One definition per endpoint: the server registers the route from it, the web calls it through the typed client,
 * and the OpenAPI document is generated from it. Nothing else names an API path.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call: 'session' needs a signed-in user; 'public' may be anonymous (the handler still sees a session if
 * there is one); 'operator' needs the operator token; 'signature' is a vendor's webhook, checked by its signature;
 * 'auth' is better-auth's own, which reads the session itself.
 */
export type EndpointAccess = 'public' | 'session' | 'operator' | 'signature' | 'auth';

/**
 * How the body arrives. 'form' is a SPEC §7 form call: multipart/form-data (a browser's FormData),
 * application/x-www-form-urlencoded and JSON are read into the same fields. 'upload' carries files: the router reads
 * them as the endpoint's `upload` says, and `request` describes its text fields. 'raw' is read by the route as bytes
 * (webhooks).
 */
export type EndpointBody = 'json' | 'form' | 'upload' | 'raw' | 'none';

/** One file field of an 'upload' form. */
export interface UploadField {
  /** The upload policy the file is held to; `{ param }`: the one the path names (`/api/uploads/:purpose`). */
  policy: UploadPurpose | { param: string };
  /** A form without this file is refused (uploadMessages.missingFile) once its text fields have passed. */
  required?: boolean;
  /**
   * A file over the policy's byte limit is refused with the policy's text as soon as it has been read. 'mark' hands
   * it on marked too large instead, its whole size counted, for a form that refuses scene by scene in its own order.
   */
  overLimit?: 'refuse' | 'mark';
  /** The form's own words for a file over the limit, from its field and the policy's text; the refusal names the field. */
  tooLarge?: (field: string, message: string) => string;
}

/** How the router reads an 'upload' body: the files it takes, their limits, and where each is kept for the handler. */
export interface UploadSpec {
  /** File fields by name; `#` stands for a number (`image#`: image1, image2, …). A file under another name is dropped. */
  files: Record<string, UploadField>;
  /** The most files one form may carry, whatever their names; one more refuses it with `tooManyFiles` or the generic text. */
  maxFiles: number;
  tooManyFiles?: string;
  /** 'memory': each file as bytes; 'scratch': a scratch file on disk, removed once the handler is done. */
  storage: 'memory' | 'scratch';
  /** Whether the form may also come urlencoded or as JSON, then without files; otherwise such a body is refused. */
  plainForm?: boolean;
}

export interface EndpointDefinition<
  Path extends string = string,
  Request extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify's form: `/api/jobs/:id`. */
  path: Path;
  summary: string;
  /** The feature it belongs to; groups the OpenAPI page. */
  tag: string;
  access: EndpointAccess;
  body: EndpointBody;
  /** The body of a POST, the query of a GET; for an 'upload', its text fields. */
  request: Request;
  /** The files of an 'upload' body. */
  upload?: UploadSpec;
  /** The path's parameters, checked before the body. */
  params?: z.ZodType;
  /** The success answer. For a file or a page, a schema of the bytes (`z.unknown()`) and `produces`. */
  response: Response;
  /** Content type of a non-JSON answer (a PDF, a page, a stream). */
  produces?: string;
  /** Body fields that name the caller: they may only name the signed-in user (identity comes from the session). */
  namesUser?: { id?: string; email?: string };
  /** The refusal text for a body that does not parse, when the catalogue has its own for this call (or for this body). */
  badRequestMessage?: string | ((body: unknown) => string);
  /** Registered only under a configuration (e.g. 'Pexels is the stock provider'); always otherwise. */
  onlyWhen?: string;
  /** SPEC §7 subtitle calls read a refusal's text from `detail`: it is sent beside `error`. */
  detailOnError?: boolean;
}

export type AnyEndpoint = EndpointDefinition<string, z.ZodType, z.ZodType>;

/** Keeps every literal of the definition (path, access, body), so handlers and the client are typed from it. */
export function defineEndpoint<const E extends AnyEndpoint>(definition: E): E {
  return definition;
}

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** `/api/jobs/:id/cancel` → `{ id: string }`; a trailing `*` (a storage key with slashes) → `{ '*': string }`. */
export type PathParams<Path extends string> = { [Name in ParamNames<Path> | (Path extends `${string}*` ? '*' : never)]: string };

export type EndpointRequest<E extends AnyEndpoint> = z.input<E['request']>;
/** The checked body a handler receives. */
export type EndpointInput<E extends AnyEndpoint> = z.output<E['request']>;
export type EndpointResponse<E extends AnyEndpoint> = z.output<E['response']>;

/**
 * Every refusal: the spec's message in `error`, and where a body field was wrong, its name in `field` (kept apart so
 * the message stays the catalogue's text). SPEC §7 subtitle calls also read `detail`.
 */
export const errorBody = z.object({ error: z.string(), field: z.string().optional(), detail: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBody>;

/** Fills `:name` segments; each value is URL-encoded. */
export function endpointUrl<Path extends string>(path: Path, params: PathParams<Path>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name] ?? ''));
}
