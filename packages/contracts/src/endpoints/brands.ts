import { z } from 'zod';
import {
  brandMessages,
  brandParams,
  brandResponse,
  brandsResponse,
  createBrandRequest,
  deleteBrandResponse,
  updateBrandRequest,
  uploadFontRequest,
} from '../brands.ts';
import { uploadLogoResponse } from '../billing.ts';
import { defineEndpoint } from '../endpoint.ts';

const tag = 'brands';
const owned = { tag, access: 'session', params: brandParams } as const;

/** Issue 32: brand kits. Every call acts on the signed-in user's own brands; another user's brand is not found. */
export const brandEndpoints = {
  ofProject: defineEndpoint({
    method: 'GET',
    path: '/api/project-brand',
    summary: "The brand a project belongs to: the voice, music and caption style its pages start with.",
    tag,
    access: 'session',
    body: 'json',
    request: z.object({ video_id: z.string().min(1).max(100) }),
    response: brandResponse,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/brands',
    summary: "The user's brands, the plan's allowance and the active brand.",
    tag,
    access: 'session',
    body: 'json',
    request: z.object({}),
    response: brandsResponse,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/brands',
    summary: 'A new brand (JSON); unset fields take the defaults. Past the plan’s allowance: 403.',
    tag,
    access: 'session',
    body: 'json',
    request: createBrandRequest,
    response: brandResponse,
    badRequestMessage: brandMessages.invalid,
  }),
  update: defineEndpoint({
    ...owned,
    method: 'PATCH',
    path: '/api/brands/:id',
    summary: 'Changes the fields sent; the others stay.',
    body: 'json',
    request: updateBrandRequest,
    response: brandResponse,
    badRequestMessage: brandMessages.invalid,
  }),
  remove: defineEndpoint({
    ...owned,
    method: 'DELETE',
    path: '/api/brands/:id',
    summary: "Deletes a brand; its projects move to the user's first brand. The last brand cannot be deleted.",
    body: 'none',
    request: z.object({}),
    response: deleteBrandResponse,
  }),
  activate: defineEndpoint({
    ...owned,
    method: 'POST',
    path: '/api/brands/:id/activate',
    summary: 'Makes the brand the active one: new projects belong to it.',
    body: 'none',
    request: z.object({}),
    response: brandResponse,
  }),
  uploadLogo: defineEndpoint({
    ...owned,
    method: 'POST',
    path: '/api/brands/:id/logo',
    summary: "The brand's logo (form: logo), held to the logo upload checks.",
    body: 'upload',
    request: z.object({}),
    upload: { files: { logo: { policy: 'logo', required: true } }, maxFiles: 1, storage: 'memory' },
    response: uploadLogoResponse,
  }),
  removeLogo: defineEndpoint({
    ...owned,
    method: 'DELETE',
    path: '/api/brands/:id/logo',
    summary: "Removes the brand's logo.",
    body: 'none',
    request: z.object({}),
    response: brandResponse,
  }),
  uploadFont: defineEndpoint({
    ...owned,
    method: 'POST',
    path: '/api/brands/:id/font',
    summary: "The brand's own font (form: font, licensed): a TTF, OTF or WOFF2 file the user may use, at most 5 MB.",
    body: 'upload',
    request: uploadFontRequest,
    upload: { files: { font: { policy: 'brand-font', required: true } }, maxFiles: 1, storage: 'memory' },
    response: brandResponse,
    badRequestMessage: brandMessages.fontLicence,
  }),
} as const;
