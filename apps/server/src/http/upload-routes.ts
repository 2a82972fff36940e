import { uploadMessages, uploadPolicies, uploadPurposeSchema } from '@reelsmith/contracts';
import type { FastifyInstance } from 'fastify';
import { UserFacingError } from '../errors.ts';
import type { Auth } from '../services/auth.ts';
import type { UploadService } from '../services/uploads.ts';
import { parseWith } from './errors.ts';
import { refuseNul } from './input-guard.ts';
import { requireSessionUser } from './session.ts';

/** POST /api/uploads/:purpose (multipart, one field `file`): the checked upload, owned by the session's user. */
export function registerUploadRoutes(app: FastifyInstance, deps: { auth: Auth; uploads: UploadService }): void {
  app.post('/api/uploads/:purpose', async (request, reply) => {
    const user = await requireSessionUser(deps.auth, request);
    const purpose = parseWith(uploadPurposeSchema, (request.params as { purpose: string }).purpose);
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
