import { defineEndpoint } from '../endpoint.ts';
import {
  generateSubtitlesRequest,
  generateSubtitlesResponse,
  latestSubtitlesResponse,
  subtitleStylePreviewResponse,
  updateSubtitlesRequest,
  updateSubtitlesResponse,
  writeSubtitlesRequest,
  writeSubtitlesResponse,
} from '../subtitles.ts';
import { latestRequest, subtitlePreviewRequest } from '../workflow.ts';

const tag = 'subtitles';
const namesUser = { id: 'user_id' };

export const subtitleEndpoints = {
  previewStyle: defineEndpoint({
    method: 'POST',
    path: '/api/subtitle-preview-style',
    summary: 'SPEC §7 subtitle-preview-style: the ASS style string and margins a caption style gets at a size and position.',
    tag,
    access: 'session',
    body: 'json',
    request: subtitlePreviewRequest,
    response: subtitleStylePreviewResponse,
  }),
  latest: defineEndpoint({
    method: 'POST',
    path: '/api/get-latest-subtitles',
    summary: "The subtitle step's saved state, so the page picks up where the user left off.",
    tag,
    access: 'session',
    body: 'json',
    request: latestRequest,
    response: latestSubtitlesResponse,
    namesUser,
  }),
  generate: defineEndpoint({
    method: 'POST',
    path: '/api/generate-subtitles',
    summary: 'SPEC §7 generate-subtitles (form): captions from what is said in the voiceover or the video, as SRT.',
    tag,
    access: 'session',
    body: 'form',
    request: generateSubtitlesRequest,
    response: generateSubtitlesResponse,
    namesUser,
    detailOnError: true,
  }),
  write: defineEndpoint({
    method: 'POST',
    path: '/api/write-subtitles',
    summary: 'Captions typed by the user for a video in which no speech was heard, timed over the video.',
    tag,
    access: 'session',
    body: 'json',
    request: writeSubtitlesRequest,
    response: writeSubtitlesResponse,
    namesUser,
    detailOnError: true,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/update-subtitles',
    summary: 'SPEC §7 update-subtitles: saves the edited SRT and caption settings.',
    tag,
    access: 'session',
    body: 'json',
    request: updateSubtitlesRequest,
    response: updateSubtitlesResponse,
    namesUser,
    detailOnError: true,
  }),
} as const;

