import { createReadStream } from 'node:fs';
import { platformEndpoints } from '@reelsmith/contracts';
import type { UploadService } from '../../core/files/uploads.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** POST /api/uploads/:purpose (multipart, one field `file`): the checked upload, owned by the session's user. */
export function registerUploadRoutes(router: EndpointRouter, deps: { uploads: UploadService }): void {
  router.route(platformEndpoints.upload, async ({ user, params, files, reply }) => {
    // The router has held the file to the purpose's byte limit, and required it.
    const file = files.get('file')!;
    const result = await deps.uploads.receive(user.id, params.purpose, { stream: createReadStream(file.path), filename: file.filename, wasTruncated: () => false });
    return reply.status(201).send(result);
  });
}
