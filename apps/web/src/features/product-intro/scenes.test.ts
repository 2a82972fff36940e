import { introTexts } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { checkScenes, startingScenes, type SceneDraft } from './scenes.ts';

const image = (name: string) => ({ file: new File(['x'], name, { type: 'image/png' }), previewUrl: `blob:${name}` });
/** The starting storyline with an image each and the details its custom scene needs. */
const complete = (): SceneDraft[] => startingScenes().map((scene, i) => ({ ...scene, image: image(`s${i + 1}.png`), extension: scene.type === 'Usage in Action' || scene.type === 'Dynamic Outro' ? ' a detail ' : '' }));

describe('the Product Intro scenes (SPEC §5)', () => {
  it('sends the four scenes with their types, the trimmed details of custom ones and their images', () => {
    const checked = checkScenes(complete());
    expect(checked).toMatchObject({
      choices: [
        { type: 'Hero Shot', extension: '' },
        { type: 'Hand Showcase', extension: '' },
        { type: 'Usage in Action', extension: 'a detail' },
        { type: 'Dynamic Outro', extension: 'a detail' },
      ],
    });
  });

  it('needs every image and a custom scene’s details, each said at its scene, the first one at the button', () => {
    const scenes = complete();
    scenes[1] = { ...scenes[1]!, image: null };
    scenes[3] = { ...scenes[3]!, extension: '   ' };
    const checked = checkScenes(scenes);
    expect(checked).toEqual({ problems: [{}, { image: introTexts.needsImage(2) }, {}, { extension: introTexts.needsExtension(4) }], first: introTexts.needsExtension(4) });
  });

  it('refuses details over 90 characters, and a scene without a type', () => {
    const scenes = complete();
    scenes[2] = { ...scenes[2]!, extension: 'x'.repeat(91) };
    scenes[0] = { ...scenes[0]!, type: '' };
    expect(checkScenes(scenes)).toMatchObject({ problems: [{ type: introTexts.needsType(1) }, {}, { extension: introTexts.extensionTooLong(3) }, {}], first: introTexts.needsType(1) });
  });

  it('sends no details for a fixed scene, even those typed while a custom type was chosen; a type may repeat', () => {
    const scenes = complete().map((scene) => ({ ...scene, type: 'Hero Shot' as const, extension: 'left over' }));
    expect(checkScenes(scenes)).toMatchObject({ choices: Array.from({ length: 4 }, () => ({ type: 'Hero Shot', extension: '' })) });
  });
});
