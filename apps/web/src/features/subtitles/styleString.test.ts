import { describe, expect, it } from 'vitest';
import { assColourToCss, outlineShadows, parseStyleString } from './styleString.ts';

describe('subtitle style strings', () => {
  it('reads ASS colours blue-green-red with alpha as transparency', () => {
    expect(assColourToCss('&H0000E5FF')).toBe('rgba(255, 229, 0, 1)');
    expect(assColourToCss('&H80000000')).toBe('rgba(0, 0, 0, 0.498)');
    expect(assColourToCss('&H6E24D6&')).toBe('rgba(214, 36, 110, 1)');
    expect(assColourToCss('#FFFFFF')).toBeNull();
  });

  it('reads the preview of SPEC §3 into a caption look', () => {
    expect(
      parseStyleString('FontName=League Spartan Black,PrimaryColour=&H00FFFFFF,Outline=9,OutlineColour=&H00000000,Bold=0,Italic=-1'),
    ).toEqual({
      fontName: 'League Spartan Black',
      primaryColour: 'rgba(255, 255, 255, 1)',
      outline: 9,
      outlineColour: 'rgba(0, 0, 0, 1)',
      bold: false,
      italic: true,
    });
  });

  it('keeps defaults for what it cannot read', () => {
    expect(parseStyleString('FontName=,PrimaryColour=red,Outline=-3,Shadow=2,junk')).toMatchObject({
      fontName: 'sans-serif',
      primaryColour: 'rgba(255, 255, 255, 1)',
      outline: 0,
    });
  });

  it('draws the outline as a ring of shadows', () => {
    const ring = outlineShadows('4px', 'black', 4);
    expect(ring).toEqual(['calc(1 * 4px) calc(0 * 4px) 0 black', 'calc(0 * 4px) calc(1 * 4px) 0 black', 'calc(-1 * 4px) calc(0 * 4px) 0 black', 'calc(0 * 4px) calc(-1 * 4px) 0 black']);
  });
});
