import { platformEndpoints, uploadMessages, uploadPolicies, uploadPurposeSchema } from '@reelsmith/contracts';
import { UserFacingError } from '../../errors.ts';
import type { UploadService } from '../../core/files/uploads.ts';
import { parseWith } from '../../http/errors.ts';
import { refuseNul } from '../../http/input-guard.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

/** POST /api/uploads/:purpose (multipart, one field `file`): the checked upload, owned by the session's user. */
export function registerUploadRoutes(router: EndpointRouter, deps: { uploads: UploadService }): void {
  router.route(platformEndpoints.upload, async ({ user, params, request, reply }) => {
    const purpose = parseWith(uploadPurposeSchema, params.purpose);
    const policy = uploadPolicies[purpose];
    if (!request.isMultipart()) throw new UserFacingError(400, uploadMessages.missingFile);
    const file = await request.file({ limits: { fileSize: policy.maxBytes, files: 1 } });
    if (!file) throw new UserFacingError(400, uploadMessages.missingFile);
    refuseNul(file.filename);
    const declared = Number(request.headers['content-length']) || undefined;
    const result = await deps.uploads.receive(
      user.id,
      purpose,
      { stream: file.file, filename: file.filename, wasTruncated: () => file.file.truncated },
      declared,
    );
    return reply.status(201).send(result);
  });
}
