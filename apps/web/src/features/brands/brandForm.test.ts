import { brandDefaults, brandFontFamilies, type Brand } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { brandTexts, draftOf, fontChoices, heirOf } from './brandForm.ts';

const brand = (id: string, name: string, extra: Partial<Brand> = {}): Brand => ({
  ...brandDefaults,
  name,
  id,
  logo_url: null,
  uploaded_font: null,
  active: false,
  project_count: 0,
  ...extra,
});

describe('the brand form', () => {
  it('offers the render machines’ fonts, and the brand’s uploaded family once', () => {
    expect(fontChoices(null)).toEqual([...brandFontFamilies]);
    expect(fontChoices('Harbour Serif')).toEqual([...brandFontFamilies, 'Harbour Serif']);
    expect(fontChoices('Lato')).toEqual([...brandFontFamilies]);
  });

  it('starts a new brand from the defaults with an empty name, and keeps a placement while the logo is off', () => {
    const fresh = draftOf(null);
    expect(fresh.fields.name).toBe('');
    expect(fresh.fields.colors).toEqual(brandDefaults.colors);
    const off = draftOf(brand('b1', 'Plain', { logo: null }));
    expect(off.fields.logo).toBeNull();
    expect(off.placement).toEqual(brandDefaults.logo);
  });

  it('names the first other brand as the one that takes a deleted brand’s videos', () => {
    const brands = [brand('a', 'First'), brand('b', 'Second'), brand('c', 'Third')];
    expect(heirOf(brands[0]!, brands)?.name).toBe('Second');
    expect(heirOf(brands[2]!, brands)?.name).toBe('First');
    expect(heirOf(brands[0]!, [brands[0]!])).toBeNull();
    expect(brandTexts.deleteMoves(1, 'First')).toBe('Its 1 video moves to First.');
    expect(brandTexts.deleteMoves(4, 'First')).toBe('Its 4 videos move to First.');
    expect(brandTexts.allowance(3, 3)).toBe('3 of 3 brands');
  });
});
