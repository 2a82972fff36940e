import { execFile } from 'node:child_process';
import { z } from 'zod';
import { localPathSchema } from './composition.ts';

const streamSchema = z.object({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  pix_fmt: z.string().optional(),
  sample_rate: z.string().optional(),
  channels: z.number().optional(),
  avg_frame_rate: z.string().optional(),
  profile: z.string().optional(),
  duration: z.string().optional(),
});

const outputSchema = z.object({
  streams: z.array(streamSchema).default([]),
  format: z.object({ duration: z.string().optional(), format_name: z.string().optional(), bit_rate: z.string().optional() }),
});

export interface MediaInfo {
  /** Seconds; 0 for a still image. */
  duration: number;
  formatName: string;
  hasVideo: boolean;
  hasAudio: boolean;
  width?: number;
  height?: number;
  videoCodec?: string;
  videoProfile?: string;
  pixFmt?: string;
  frameRate?: number;
  audioCodec?: string;
  sampleRate?: number;
  channels?: number;
  bitRate?: number;
}

export interface ProbeOptions {
  ffprobePath?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export class ProbeError extends Error {
  override name = 'ProbeError';
}

/** Reads a local media file's container and first video/audio streams. */
export async function probe(path: string, options: ProbeOptions = {}): Promise<MediaInfo> {
  const file = localPathSchema.parse(path);
  const args = ['-v', 'error', '-protocol_whitelist', 'file', '-print_format', 'json', '-show_format', '-show_streams', file];
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      options.ffprobePath ?? 'ffprobe',
      args,
      { signal: options.signal, timeout: options.timeoutMs ?? 30_000, maxBuffer: 8 * 1024 * 1024, killSignal: 'SIGKILL' },
      (error, out, err) => {
        if (error) reject(new ProbeError(`ffprobe failed for ${file}: ${err.trim() || error.message}`, { cause: error }));
        else resolve(out);
      },
    );
  });
  return toMediaInfo(outputSchema.parse(JSON.parse(stdout)));
}

function toMediaInfo(out: z.infer<typeof outputSchema>): MediaInfo {
  const video = out.streams.find((s) => s.codec_type === 'video');
  const audio = out.streams.find((s) => s.codec_type === 'audio');
  return {
    duration: num(out.format.duration) ?? num(video?.duration) ?? num(audio?.duration) ?? 0,
    formatName: out.format.format_name ?? '',
    hasVideo: video !== undefined,
    hasAudio: audio !== undefined,
    width: video?.width,
    height: video?.height,
    videoCodec: video?.codec_name,
    videoProfile: video?.profile,
    pixFmt: video?.pix_fmt,
    frameRate: rate(video?.avg_frame_rate),
    audioCodec: audio?.codec_name,
    sampleRate: num(audio?.sample_rate),
    channels: audio?.channels,
    bitRate: num(out.format.bit_rate),
  };
}

function num(value: string | undefined): number | undefined {
  const n = value === undefined ? NaN : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function rate(value: string | undefined): number | undefined {
  const [n, d] = (value ?? '').split('/').map(Number);
  return n && d ? n / d : undefined;
}
