import { genericMessages, platformEndpoints } from '@reelsmith/contracts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { ownerOfKey, type FileUrlSigner } from '../../core/files/file-urls.ts';
import type { Auth } from '../../platform/auth.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import { readSessionUser } from '../../http/session.ts';

/** Parses a single `bytes=a-b` range (what browsers send when seeking video); null means "not satisfiable". */
export function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

export function registerFileRoutes(router: EndpointRouter, deps: { storage: ObjectStorage; signer: FileUrlSigner; auth: Auth }): void {
  router.route(platformEndpoints.file, async ({ input, params, request, reply }) => {
    const key = params['*'];
    if (!deps.signer.verify(key, input.exp, input.sig)) return reply.status(403).send({ error: genericMessages.forbidden });
    const owner = ownerOfKey(key);
    // A user's own files need their session as well as the signature; the library's shared files only the signature.
    if (owner !== null && (await readSessionUser(deps.auth, request))?.id !== owner) {
      return reply.status(403).send({ error: genericMessages.forbidden });
    }
    const object = await deps.storage.stat(key);
    if (!object) return reply.status(404).send({ error: genericMessages.notFound });

    reply.header('accept-ranges', 'bytes').header('content-type', object.contentType).header('cache-control', 'private, max-age=3600');
    const rangeHeader = request.headers.range;
    if (rangeHeader) {
      const range = parseRange(rangeHeader, object.size);
      if (!range) return reply.status(416).header('content-range', `bytes */${object.size}`).send();
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(await deps.storage.read(key, range));
    }
    return reply.header('content-length', object.size).send(await deps.storage.read(key));
  });
}
