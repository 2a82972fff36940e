/**
 * Reads the subtitle preview's style_string (SPEC §3: an ASS override list of font name, primary colour, outline,
 * outline colour, bold, italic) so the page can draw the caption the way libass will burn it.
 */
export interface CaptionLook {
  fontName: string;
  primaryColour: string;
  outline: number;
  outlineColour: string;
  bold: boolean;
  italic: boolean;
}

/** ASS colours are &HAABBGGRR (or &HBBGGRR): blue first, and alpha counts transparency (00 is opaque). */
export function assColourToCss(value: string): string | null {
  const match = /^&H([0-9a-f]{2})?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})&?$/i.exec(value.trim());
  if (!match) return null;
  const [, alpha = '00', blue, green, red] = match;
  const opacity = Math.round((1 - parseInt(alpha, 16) / 255) * 1000) / 1000;
  return `rgba(${parseInt(red!, 16)}, ${parseInt(green!, 16)}, ${parseInt(blue!, 16)}, ${opacity})`;
}

const defaults: CaptionLook = {
  fontName: 'sans-serif',
  primaryColour: 'rgba(255, 255, 255, 1)',
  outline: 0,
  outlineColour: 'rgba(0, 0, 0, 1)',
  bold: false,
  italic: false,
};

/** Unknown or malformed entries keep their defaults: a preview should degrade, not fail. */
export function parseStyleString(styleString: string): CaptionLook {
  const look = { ...defaults };
  for (const entry of styleString.split(',')) {
    const at = entry.indexOf('=');
    if (at < 0) continue;
    const name = entry.slice(0, at).trim();
    const value = entry.slice(at + 1).trim();
    switch (name) {
      case 'FontName':
        if (value) look.fontName = value;
        break;
      case 'PrimaryColour':
        look.primaryColour = assColourToCss(value) ?? look.primaryColour;
        break;
      case 'OutlineColour':
        look.outlineColour = assColourToCss(value) ?? look.outlineColour;
        break;
      case 'Outline': {
        const outline = Number(value);
        if (Number.isFinite(outline) && outline >= 0) look.outline = outline;
        break;
      }
      case 'Bold':
        look.bold = value === '-1' || value === '1';
        break;
      case 'Italic':
        look.italic = value === '-1' || value === '1';
        break;
    }
  }
  return look;
}

/**
 * A stroke drawn as a ring of text shadows around each glyph: it sits outside the letters like libass's outline,
 * where -webkit-text-stroke would eat into them. `width` is any CSS length.
 */
export function outlineShadows(width: string, colour: string, steps = 16): string[] {
  return Array.from({ length: steps }, (_, i) => {
    const angle = (2 * Math.PI * i) / steps;
    const x = Math.round(Math.cos(angle) * 1000) / 1000;
    const y = Math.round(Math.sin(angle) * 1000) / 1000;
    return `calc(${x} * ${width}) calc(${y} * ${width}) 0 ${colour}`;
  });
}
