import { z } from 'zod';
import { accountDataMessages, deleteAccountRequest, deleteAccountResponse } from '../account-data.ts';
import { defineEndpoint } from '../endpoint.ts';

const tag = 'account data';

export const accountDataEndpoints = {
  export: defineEndpoint({
    method: 'GET',
    path: '/api/account/export',
    summary:
      'Everything stored about the signed-in user as one ZIP, streamed: reelsmith-data.json (profile, business profile, subscription, purchases, invoices, projects, ideas, uploads, jobs, sessions, page views), the invoices as PDFs and every file. Rate limited per user.',
    tag,
    access: 'session',
    body: 'none',
    request: z.object({}),
    response: z.unknown(),
    produces: 'application/zip',
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/api/account/delete',
    summary:
      "Deletes the signed-in user's account after checking their password: cancels a live subscription at the payment provider, stops their jobs, deletes every row and file of theirs; invoices and credit notes stay, detached, with the name and email they were issued to.",
    tag,
    access: 'session',
    body: 'json',
    request: deleteAccountRequest,
    response: deleteAccountResponse,
    badRequestMessage: accountDataMessages.passwordRequired,
  }),
} as const;
