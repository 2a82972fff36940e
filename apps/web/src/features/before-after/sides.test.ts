import { beforeAfterTexts } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { checkSides, emptySide, sideType, type SideDraft } from './sides.ts';

const file = (name: string) => new File(['x'], name);
const image = (extra: Partial<SideDraft> = {}): SideDraft => ({ ...emptySide(), file: file('a.png'), ...extra });
const video = (): SideDraft => ({ ...emptySide(), kind: 'video', file: file('b.mp4') });

describe('the Before/After sides (SPEC §5)', () => {
  it('needs both files', () => {
    expect(checkSides({ before: image(), after: emptySide() }, true)).toEqual({ problems: { files: beforeAfterTexts.missingFiles, prompts: {} } });
  });

  it('needs a prompt where image to video is chosen, and only there', () => {
    const sides = { before: image({ imageToVideo: true, prompt: '  ' }), after: image({ imageToVideo: true, prompt: 'glow' }) };
    expect(checkSides(sides, true)).toEqual({ problems: { prompts: { before: beforeAfterTexts.missingPrompt('before') } } });
  });

  it('sends image to video as its own type while the option is offered, a plain image once it is not', () => {
    const ai = image({ imageToVideo: true, prompt: ' zoom in ' });
    expect(sideType(ai, true)).toBe('image-to-video');
    expect(sideType(ai, false)).toBe('image');
    expect(sideType(video(), true)).toBe('video');
    const checked = checkSides({ before: ai, after: video() }, true);
    expect(checked).toMatchObject({ choices: { before: { type: 'image-to-video', prompt: 'zoom in' }, after: { type: 'video', prompt: '' } } });
    // With the credits gone meanwhile, the same choice costs nothing and needs no prompt.
    expect(checkSides({ before: image({ imageToVideo: true }), after: video() }, false)).toMatchObject({ choices: { before: { type: 'image' } } });
  });
});
