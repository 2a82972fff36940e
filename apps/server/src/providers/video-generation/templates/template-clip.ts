import { copyFile, mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { MotionTemplateName } from '@reelsmith/contracts';
import { puppetClipArgs, templateClipArgs } from '@reelsmith/media';
import { prepareTemplate, type TemplateInput } from './template-render.ts';
import type { TemplateRequest } from './template-words.ts';
import { prepareUgcPuppet } from './ugc-puppet.ts';

export interface TemplateClipInput extends Omit<TemplateInput, 'template'> {
  template?: TemplateRequest;
}

/**
 * A motion template's drawing done and its ffmpeg run ready for an output path: the UGC presenter's parts
 * (ugc-puppet.ts) or any other template's planes (template-render.ts).
 */
export async function prepareTemplateClip(input: TemplateClipInput): Promise<{ name: MotionTemplateName; args: (outputPath: string) => string[] }> {
  const { template, ...rest } = input;
  const name = template?.name;
  const fonts = template?.fontFile ? { fontsDir: await fontsFolder(input.workDir, template.fontFile) } : {};
  if (name === 'ugc') {
    const options = await prepareUgcPuppet({ photo: input.photo, seconds: input.seconds, words: template?.words ?? {}, workDir: input.workDir, ...(template?.ugc ? { choices: template.ugc } : {}), ...(template?.look ? { look: template.look } : {}) });
    return { name: 'ugc', args: (outputPath) => puppetClipArgs({ ...options, ...fonts, outputPath }) };
  }
  const drawn = await prepareTemplate({ ...rest, ...(template ? { template: { ...template, name } } : {}) });
  return { name: drawn.name, args: (outputPath) => templateClipArgs({ ...drawn.options, ...fonts, outputPath }) };
}

/** A folder holding only the brand's font, for libass: the installed fonts stay where fontconfig finds them. */
async function fontsFolder(workDir: string, fontFile: string): Promise<string> {
  const folder = join(workDir, 'fonts');
  await mkdir(folder, { recursive: true });
  await copyFile(fontFile, join(folder, basename(fontFile)));
  return folder;
}
