import { z } from 'zod';
import { voiceListResponse } from '../audio.ts';
import { clonedVoiceStatusResponse, generateClonedVoiceRequest, generateClonedVoiceResponse } from '../cloned-voice.ts';
import { defineEndpoint } from '../endpoint.ts';
import { generateScriptTypesRequest, projectVideoResponse, scriptDraftResponse, transcribeRequest, updateScriptResponse } from '../script.ts';
import {
  checkVideoStatusRequest,
  combineVideoAudioRequest,
  combineVideoAudioResponse,
  updateVideoAudioRequest,
  updateVideoAudioResponse,
} from '../video-audio.ts';
import { adjustTempoRequest, adjustTempoResponse, saveAudioRequest, saveAudioResponse } from '../voiceover.ts';
import {
  generateScriptRequest,
  generateScriptResponse,
  latestAudioResponse,
  latestRequest,
  transcribeResponse,
  updateScriptRequest,
  videoStatusResponse,
} from '../workflow.ts';

const namesUser = { id: 'user_id' };
const none = z.object({});

/** SPEC §7 shared workflow: the script step, the "latest" reads every later step makes, voiceover and video audio. */
export const scriptEndpoints = {
  generateScript: defineEndpoint({ method: 'POST', path: '/api/generate-script', summary: 'SPEC §7 generate-script: a script from a prompt.', tag: 'script', access: 'session', body: 'json', request: generateScriptRequest, response: generateScriptResponse, namesUser }),
  generateScriptTypes: defineEndpoint({ method: 'POST', path: '/api/generate-script-types', summary: 'SPEC §7 generate-script-types: a script for an existing video, fitted to its length.', tag: 'script', access: 'session', body: 'json', request: generateScriptTypesRequest, response: generateScriptResponse, namesUser }),
  transcribe: defineEndpoint({ method: 'POST', path: '/api/transcribe-from-video', summary: "SPEC §7 transcribe-from-video: what is said in the project's video.", tag: 'script', access: 'session', body: 'json', request: transcribeRequest, response: transcribeResponse, namesUser }),
  updateScript: defineEndpoint({ method: 'POST', path: '/api/update-script', summary: 'SPEC §7 update-script.', tag: 'script', access: 'session', body: 'json', request: updateScriptRequest, response: updateScriptResponse }),
  latestScript: defineEndpoint({ method: 'POST', path: '/api/get-latest-script', summary: 'SPEC §7 get-latest-script.', tag: 'script', access: 'session', body: 'json', request: latestRequest, response: scriptDraftResponse, namesUser }),
  latestVideo: defineEndpoint({ method: 'POST', path: '/api/get-latest-video', summary: 'SPEC §7 get-latest-video.', tag: 'script', access: 'session', body: 'json', request: latestRequest, response: projectVideoResponse, namesUser }),
  latestAudio: defineEndpoint({ method: 'POST', path: '/api/get-latest-audio', summary: 'SPEC §7 get-latest-audio.', tag: 'voiceover', access: 'session', body: 'json', request: latestRequest, response: latestAudioResponse, namesUser }),
} as const;

export const voiceoverEndpoints = {
  voices: defineEndpoint({ method: 'GET', path: '/api/voices', summary: 'The nine voices with a signed sample URL each (null until made).', tag: 'voiceover', access: 'session', body: 'none', request: none, response: voiceListResponse }),
  saveAudio: defineEndpoint({ method: 'POST', path: '/api/save-audio', summary: 'SPEC §7 save-audio: the voiceover of the script in a voice.', tag: 'voiceover', access: 'session', body: 'json', request: saveAudioRequest, response: saveAudioResponse, namesUser }),
  adjustTempo: defineEndpoint({ method: 'POST', path: '/api/adjust-tempo', summary: 'SPEC §7 adjust-tempo (form): the voiceover at another speed, from the original.', tag: 'voiceover', access: 'session', body: 'form', request: adjustTempoRequest, response: adjustTempoResponse, namesUser }),
  clonedVoice: defineEndpoint({ method: 'GET', path: '/api/cloned-voice', summary: 'Whether the user may use a cloned voice, and why not.', tag: 'voiceover', access: 'session', body: 'none', request: none, response: clonedVoiceStatusResponse }),
  generateClonedVoice: defineEndpoint({ method: 'POST', path: '/api/generate-cloned-voice', summary: 'SPEC §7 generate-cloned-voice (form): the voiceover in the user’s cloned voice.', tag: 'voiceover', access: 'session', body: 'form', request: generateClonedVoiceRequest, response: generateClonedVoiceResponse, namesUser }),
  updateVideoAudio: defineEndpoint({ method: 'POST', path: '/api/update-video-audio', summary: 'SPEC §7 update-video-audio: the voiceover chosen for the video.', tag: 'voiceover', access: 'session', body: 'json', request: updateVideoAudioRequest, response: updateVideoAudioResponse, namesUser }),
  combineVideoAudio: defineEndpoint({ method: 'POST', path: '/api/combine-video-audio', summary: 'SPEC §7 combine-video-audio (form): starts the render of video and voiceover.', tag: 'voiceover', access: 'session', body: 'form', request: combineVideoAudioRequest, response: combineVideoAudioResponse, namesUser }),
  checkVideoStatus: defineEndpoint({ method: 'POST', path: '/api/check-video-status', summary: 'SPEC §7 check-video-status, polled while a render runs.', tag: 'voiceover', access: 'session', body: 'json', request: checkVideoStatusRequest, response: videoStatusResponse, namesUser }),
} as const;
