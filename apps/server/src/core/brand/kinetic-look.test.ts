import { brandDefaults, brandFieldsSchema, brandFontFamilies } from '@reelsmith/contracts';
import { defaultKineticLook, headingFaceEms } from '@reelsmith/media';
import { describe, expect, it } from 'vitest';
import { contrastRatio, kineticFaces, kineticLookOf } from './kinetic-look.ts';

/** A brand's fields as the contract reads them (the brands service reads a stored brand so). */
const record = (settings: Record<string, unknown>) => brandFieldsSchema.parse({ ...brandDefaults, name: 'Crumb & Co', ...settings });

describe('kineticLookOf', () => {
  it('sets the words in the heaviest face of each family, one the headline is fitted to', () => {
    for (const family of brandFontFamilies) {
      const look = kineticLookOf(record({ fonts: { heading: family, body: family } }));
      expect(look.headingFont).toBe(kineticFaces[family]);
      expect(look.bodyFont).toBe(kineticFaces[family]);
      expect(headingFaceEms[look.headingFont], family).toBeGreaterThan(0);
    }
    expect(kineticLookOf(record({ fonts: { heading: 'Bebas Neue', body: 'Open Sans' } }))).toMatchObject({ headingFont: 'Bebas Neue Bold', bodyFont: 'Open Sans Extrabold' });
  });

  it("sets a font the brand uploaded in its own face, its file going with the look; another family falls back to the default faces", () => {
    const uploaded = { family: 'Grotesk Display', key: 'users/u1/brands/b1/font-1.ttf' };
    expect(kineticLookOf(record({ fonts: { heading: 'Grotesk Display', body: 'Inter' } }), uploaded)).toMatchObject({ headingFont: 'Grotesk Display', bodyFont: 'Inter Black', fontKey: uploaded.key });
    expect(kineticLookOf(record({ fonts: { heading: 'Inter', body: 'Inter' } }), uploaded).fontKey).toBeUndefined();
    // A family an ASS style line cannot carry keeps the default face, and no file goes with it.
    const odd = { family: 'Grotesk, Display', key: uploaded.key };
    expect(kineticLookOf(record({ fonts: { heading: 'Grotesk, Display', body: 'Inter' } }), odd)).toMatchObject({ headingFont: defaultKineticLook.headingFont });
    expect(kineticLookOf(record({ fonts: { heading: 'Grotesk, Display', body: 'Inter' } }), odd).fontKey).toBeUndefined();
    const look = kineticLookOf(record({ fonts: { heading: 'Grotesk Display', body: 'Grotesk Display' } }));
    expect(look.headingFont).toBe(defaultKineticLook.headingFont);
    expect(look.bodyFont).toBe(defaultKineticLook.bodyFont);
    expect(kineticLookOf(record({ fonts: { heading: 'toString', body: 'constructor' } }))).toMatchObject({ headingFont: defaultKineticLook.headingFont, bodyFont: defaultKineticLook.bodyFont });
  });

  it('takes the brand colours: the accent from the secondary, black or white on it by contrast, the text and an outline it reads on', () => {
    const yellow = kineticLookOf(record({ colors: { primary: '#1f6feb', secondary: '#ffe500', text: '#ffffff' } }));
    expect(yellow).toMatchObject({ accent: '#ffe500', onAccent: '#101010', cta: '#ffe500', text: '#ffffff', shadow: '#101010' });
    const navy = kineticLookOf(record({ colors: { primary: '#ffffff', secondary: '#1a2b5c', text: '#1b1b1b' } }));
    expect(navy).toMatchObject({ accent: '#1a2b5c', onAccent: '#ffffff', text: '#1b1b1b', shadow: '#ffffff', cta: '#1a2b5c' });
    // A dark secondary would vanish in the call to action's dark outline: the primary takes it, else the text colour.
    expect(kineticLookOf(record({ colors: { primary: '#ffd166', secondary: '#1a2b5c', text: '#ffffff' } }))).toMatchObject({ accent: '#1a2b5c', cta: '#ffd166', shadow: '#101010' });
    expect(kineticLookOf(record({ colors: { primary: '#222222', secondary: '#1a2b5c', text: '#ffffff' } })).cta).toBe('#ffffff');
    // A mid tone takes whichever of the two reads better on it.
    const red = kineticLookOf(record({ colors: { primary: '#000000', secondary: '#e53935', text: '#ffffff' } }));
    expect(contrastRatio(red.onAccent, '#e53935')).toBeGreaterThanOrEqual(Math.max(contrastRatio('#ffffff', '#e53935'), contrastRatio('#101010', '#e53935')));
  });

  it('reads WCAG contrast: black on white is 21, a colour on itself 1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('takes the default brand as the default faces and the default secondary', () => {
    const look = kineticLookOf(record({}));
    expect(look).toMatchObject({ accent: brandDefaults.colors.secondary, text: brandDefaults.colors.text, headingFont: 'League Spartan Black', bodyFont: 'Inter Black' });
  });
});
