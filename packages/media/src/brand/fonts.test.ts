import { describe, expect, it } from 'vitest';
import { fontFileOf, fontMatchArgs, matchedFontFile } from './fonts.ts';

const shipped = ['Roboto', 'Inter', 'Open Sans', 'Lato', 'Bebas Neue', 'League Spartan'];

describe('fontFileOf', () => {
  it('asks fontconfig for the family and the file, escaping pattern syntax', () => {
    expect(fontMatchArgs('Open Sans', { bold: true })).toEqual(['-f', '%{family}\n%{file}', 'Open Sans:style=Bold']);
    expect(fontMatchArgs('A-B:C,D')).toEqual(['-f', '%{family}\n%{file}', 'A\\-B\\:C\\,D:style=Regular']);
  });

  it('takes the file only when the match is the family asked for', () => {
    expect(matchedFontFile('bebas neue', 'Bebas Neue,Bebas Neue Bold\n/f/BebasNeue-Bold.otf')).toBe('/f/BebasNeue-Bold.otf');
    expect(() => matchedFontFile('Comic Neue', 'DejaVu Sans\n/f/DejaVuSans.ttf')).toThrow(/'Comic Neue' is not installed.*DejaVu Sans/);
  });

  it.each(shipped)('resolves %s to an installed bold and regular file', async (family) => {
    const [bold, regular] = await Promise.all([fontFileOf(family, { bold: true }), fontFileOf(family)]);
    expect(bold).toMatch(/\.(ttf|otf)$/);
    expect(bold).toMatch(/Bold/);
    expect(regular).toMatch(/Regular/);
  });

  it('refuses a family that is not installed instead of falling back', async () => {
    await expect(fontFileOf('No Such Family Reelsmith')).rejects.toThrow(/not installed/);
  });
});
