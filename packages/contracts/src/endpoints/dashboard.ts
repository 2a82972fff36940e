import { z } from 'zod';
import { emailRequest, createVideoEntryResponse, uploadLogoResponse, videosRequest, videosResponse } from '../billing.ts';
import { createVideoEntryBody, deleteVideoRequest, removeLogoResponse, renameVideoRequest } from '../dashboard.ts';
import { discardDraftRequest, draftsRequest, draftsResponse, projectStepRequest, projectStepResponse } from '../drafts.ts';
import { defineEndpoint } from '../endpoint.ts';
import { subscriptionResponse } from '../plans.ts';

const tag = 'dashboard';
const success = z.object({ status: z.literal('success') });
const byEmail = { email: 'email' };

const subscription = { path: '/api/subscription', tag, access: 'session', body: 'json', request: emailRequest, response: subscriptionResponse, namesUser: byEmail } as const;

export const dashboardEndpoints = {
  subscription: defineEndpoint({ ...subscription, method: 'POST', summary: "SPEC §7 subscription: the user's plan, its allowances and what is used." }),
  subscriptionByQuery: defineEndpoint({ ...subscription, method: 'GET', summary: 'SPEC §7 GET subscription?email: the same answer as the POST.' }),
  uploadLogo: defineEndpoint({
    method: 'POST',
    path: '/api/upload-logo',
    summary: 'SPEC §7 upload-logo (form: logo, email): the logo shown in every final video.',
    tag,
    access: 'session',
    body: 'upload',
    request: emailRequest,
    upload: { files: { logo: { policy: 'logo', required: true } }, maxFiles: 1, storage: 'memory' },
    response: uploadLogoResponse,
    namesUser: byEmail,
  }),
  removeLogo: defineEndpoint({
    method: 'POST',
    path: '/api/remove-logo',
    summary: 'SPEC §7 remove-logo.',
    tag,
    access: 'session',
    body: 'json',
    request: emailRequest,
    response: removeLogoResponse,
    namesUser: byEmail,
  }),
  videos: defineEndpoint({
    method: 'POST',
    path: '/api/videos',
    summary: "SPEC §7 videos: the user's finished videos.",
    tag,
    access: 'session',
    body: 'json',
    request: videosRequest,
    response: videosResponse,
    namesUser: { id: 'user_id' },
  }),
  deleteVideo: defineEndpoint({
    method: 'POST',
    path: '/api/delete-video',
    summary: 'Deletes one of the user’s videos and its files.',
    tag,
    access: 'session',
    body: 'json',
    request: deleteVideoRequest,
    response: success,
  }),
  renameVideo: defineEndpoint({
    method: 'POST',
    path: '/api/rename-video',
    summary: 'Renames one of the user’s videos.',
    tag,
    access: 'session',
    body: 'json',
    request: renameVideoRequest,
    response: success,
  }),
  projectStep: defineEndpoint({
    method: 'POST',
    path: '/api/project-step',
    summary: 'Records the page a draft was last on, so the dashboard can resume it there.',
    tag,
    access: 'session',
    body: 'json',
    request: projectStepRequest,
    response: projectStepResponse,
  }),
  drafts: defineEndpoint({
    method: 'GET',
    path: '/api/drafts',
    summary: 'Videos started and not finished, newest first; `brand` keeps one brand’s.',
    tag,
    access: 'session',
    body: 'json',
    request: draftsRequest,
    response: draftsResponse,
  }),
  discardDraft: defineEndpoint({
    method: 'POST',
    path: '/api/discard-draft',
    summary: 'Discards an unfinished video and its files.',
    tag,
    access: 'session',
    body: 'json',
    request: discardDraftRequest,
    response: success,
  }),
  createVideoEntry: defineEndpoint({
    method: 'POST',
    path: '/api/create-video-entry',
    summary: 'SPEC §7 create-video-entry: starts a project of a video type.',
    tag,
    access: 'session',
    body: 'json',
    request: createVideoEntryBody,
    response: createVideoEntryResponse,
    namesUser: { id: 'user_id' },
  }),
} as const;
