import sharp from 'sharp';

const width = 1080;
const height = 1920;
/** Deep two-colour grounds that white words read on; a scene's number picks one, so neighbours differ. */
const palettes = [
  ['#1e1b4b', '#6d28d9'],
  ['#0f172a', '#0e7490'],
  ['#3b0764', '#be185d'],
  ['#052e16', '#15803d'],
  ['#431407', '#c2410c'],
] as const;
const maxCardChars = 120;
const textWidth = 880;
/** Inter ExtraBold's average letter is about 0.56 of the size; wrapping allows a little more, for runs of w and m. */
const charWidth = 0.6;
const minFontSize = 56;

/** The words a card shows: the scene's quoted voiceover line when the writer gave one, else the scene's own text. */
export function titleCardWords(scene: string): string {
  const spoken = /voiceover:\s*["“]?([^"”]+)["”]?/i.exec(scene)?.[1]?.trim();
  const words = (spoken || scene).replace(/\s+/g, ' ').trim();
  return words.length > maxCardChars ? `${words.slice(0, maxCardChars - 1).replace(/\s+\S*$/, '')}…` : words;
}

/** Lines of at most `max` characters, broken between words; a longer word is broken with a hyphen. */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  const words = text.split(' ').flatMap((word) => {
    if (word.length <= max) return [word];
    const pieces: string[] = [];
    for (let at = 0; at < word.length; at += max - 1) pieces.push(at + max - 1 < word.length ? `${word.slice(at, at + max - 1)}-` : word.slice(at));
    return pieces;
  });
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A designed still for a scene no picture was found for: its words large on a coloured ground, in the upper part of
 * the frame, clear of where subtitles sit (middle and bottom), with margins the motion renderer's camera move keeps.
 */
export async function renderTitleCard(scene: string, n: number, businessName?: string): Promise<Buffer> {
  const words = titleCardWords(scene);
  // A long word (a product code, a web address) makes the type smaller, down to a size that still reads; past that it
  // is broken, so no line runs off the card.
  const longest = Math.max(...words.split(' ').map((w) => w.length));
  const fontSize = Math.max(minFontSize, Math.min(words.length <= 40 ? 92 : words.length <= 80 ? 78 : 64, Math.floor(textWidth / (longest * charWidth))));
  const lines = wrapWords(words, Math.floor(textWidth / (fontSize * charWidth)));
  const lineHeight = Math.round(fontSize * 1.18);
  const top = Math.round(560 - (lines.length * lineHeight) / 2);
  const [dark, bright] = palettes[(n - 1) % palettes.length]!;
  const text = lines
    .map((line, i) => `<text x="100" y="${top + (i + 1) * lineHeight - Math.round(lineHeight * 0.22)}">${escapeXml(line)}</text>`)
    .join('');
  const name = businessName
    ? `<text x="100" y="${top - 70}" font-family="Inter, DejaVu Sans, sans-serif" font-size="34" font-weight="600" letter-spacing="4" fill="#ffffff" fill-opacity="0.75">${escapeXml(businessName.toUpperCase().slice(0, 40))}</text>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${bright}"/></linearGradient>
<radialGradient id="glow" cx="820" cy="420" r="700" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/><rect width="${width}" height="${height}" fill="url(#glow)"/>
<circle cx="940" cy="1620" r="360" fill="#ffffff" fill-opacity="0.06"/><circle cx="120" cy="1380" r="220" fill="#ffffff" fill-opacity="0.05"/>
<rect x="100" y="${top - 40}" width="140" height="12" rx="6" fill="#fbbf24"/>${name}
<g font-family="Inter, DejaVu Sans, sans-serif" font-weight="800" font-size="${fontSize}" fill="#ffffff">${text}</g>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}
