import { localPathSchema } from '../composition.ts';
import { sec } from '../filtergraph.ts';

/** A thumbnail for a video someone else made (an operator's stock clip): one JPEG frame at `at` seconds. */
export function posterFrameArgs(input: string, output: string, options: { width: number; at: number }): string[] {
  return [
    '-hide_banner', '-nostdin', '-y', '-protocol_whitelist', 'file', '-ss', sec(options.at), '-i', localPathSchema.parse(input),
    '-frames:v', '1', '-vf', `scale=${options.width}:-2`, '-q:v', '3', localPathSchema.parse(output),
  ];
}
