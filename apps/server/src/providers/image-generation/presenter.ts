import type { UgcClothing, UgcEthnicity, UgcPerson } from '@reelsmith/contracts';
import { darker, head, skinTones, type SkinTone } from './presenter-parts.ts';
import { sceneHeight, svgDocument } from './scene-parts.ts';

/**
 * The person of the UGC form as a flat illustration, waist-up, on the right of the frame: skin tone, hair, age and
 * gender cues (presenter-parts.ts) and the chosen clothing. The product keeps the left and middle, in front of the
 * presenter, so it stays the hero; for 'Held by person' the presenter's own arm and hand hold it (placements.ts).
 */
export interface Sleeve {
  base: string;
  shade: string;
  cuff: string;
}

/** What the hand that holds the product wears and is: the presenter's skin and sleeve. */
export interface Look {
  skin: SkinTone;
  sleeve: Sleeve;
}

/** Where the figure stands: the middle of the face in the frame and the size of the whole figure. */
export interface Stance {
  x: number;
  y: number;
  scale: number;
}

/** Beside a product on the counter, the counter hiding the figure from the chest down. */
export const besideStance: Stance = { x: 820, y: 670, scale: 1.2 };
/** Closer to the camera with a product in hand. */
export const holdingStance: Stance = { x: 820, y: 600, scale: 1.45 };

/** Traditional dress differs by culture: the colour and the pattern of its embroidered bands. */
const traditional: Record<UgcEthnicity, { cloth: string; band: string; accent: string }> = {
  Indian: { cloth: '#e39b32', band: '#8a2f5b', accent: '#f4d77a' },
  Caucasian: { cloth: '#efe6d4', band: '#2f4f7f', accent: '#ffffff' },
  'Southeast Asian': { cloth: '#1f6f78', band: '#e2b548', accent: '#f7ecc8' },
  Hispanic: { cloth: '#f7f2e8', band: '#2f8f6e', accent: '#f0a33a' },
  African: { cloth: '#e6a23c', band: '#1e5a43', accent: '#1d1a16' },
};

const clothes: Record<Exclude<UgcClothing, 'Traditional'>, string> = {
  'Casual Clothing': '#5a85b4',
  'Formal Clothing': '#34383f',
  Sportswear: '#2a9d8f',
  Sleepwear: '#aeb8e4',
};

const clothColour = (person: UgcPerson) => (person.clothing === 'Traditional' ? traditional[person.ethnicity].cloth : clothes[person.clothing]);

export function look(person: UgcPerson): Look {
  const base = clothColour(person);
  const cuff = person.clothing === 'Sportswear' ? '#ffffff' : person.clothing === 'Traditional' ? traditional[person.ethnicity].band : darker(base, 0.1);
  return { skin: skinTones[person.ethnicity], sleeve: { base, shade: darker(base, 0.18), cuff } };
}

/** Half the shoulders' width: broader for a man, narrower for a teenager, whose head is larger for the body. */
function shoulders(person: UgcPerson): number {
  const width = { Male: 206, Female: 178, Other: 190 }[person.gender];
  return person.ageGroup === 'Teen' ? width * 0.86 : width;
}

/** A repeating band of small shapes between two y values across the chest: the embroidery of traditional dress. */
function band(id: string, y: number, height: number, halfWidth: number, colours: { band: string; accent: string }, motif: string): string {
  return [
    `<pattern id="${id}" width="36" height="${height}" patternUnits="userSpaceOnUse" x="0" y="${y}">${motif}</pattern>`,
    `<rect x="${-halfWidth}" y="${y}" width="${halfWidth * 2}" height="${height}" fill="${colours.band}"/>`,
    `<rect x="${-halfWidth}" y="${y}" width="${halfWidth * 2}" height="${height}" fill="url(#${id})"/>`,
  ].join('');
}

const motifs: Record<UgcEthnicity, (accent: string, h: number) => string> = {
  Indian: (a, h) => `<circle cx="18" cy="${h / 2}" r="6" fill="${a}"/><circle cx="0" cy="${h / 2}" r="3" fill="${a}"/><circle cx="36" cy="${h / 2}" r="3" fill="${a}"/>`,
  Caucasian: (a, h) => `<path d="M 18 4 L 30 ${h / 2} L 18 ${h - 4} L 6 ${h / 2} z" fill="${a}"/>`,
  'Southeast Asian': (a, h) => `<path d="M 0 ${h / 2} Q 9 4 18 ${h / 2} T 36 ${h / 2}" stroke="${a}" stroke-width="4" fill="none"/>`,
  Hispanic: (a, h) => `<circle cx="18" cy="${h / 2}" r="8" fill="${a}"/><circle cx="18" cy="${h / 2}" r="3" fill="#d6457a"/><circle cx="2" cy="${h / 2}" r="4" fill="#3f7fc0"/>`,
  African: (a, h) => `<path d="M 0 ${h - 4} L 18 4 L 36 ${h - 4} z" fill="${a}"/><path d="M 10 ${h - 4} L 18 ${h / 2} L 26 ${h - 4} z" fill="#e6a23c"/>`,
};

/** The garment over the torso, from the neck down to `bottom`, with what tells one clothing choice from another. */
function garment(person: UgcPerson, sw: number, bottom: number): string {
  const { sleeve } = look(person);
  const body = `<path d="M ${-sw} ${bottom} L ${-sw} 300 C ${-sw} 226 ${-sw + 44} 198 ${-sw + 96} 190 L ${sw - 96} 190 C ${sw - 44} 198 ${sw} 226 ${sw} 300 L ${sw} ${bottom} z" fill="${sleeve.base}"/>`;
  // The arms hang at the sides: a fold where each meets the body, and the far side in shade.
  const arms = `<path d="M ${-sw + 74} 310 L ${-sw + 66} ${bottom}" stroke="${sleeve.shade}" stroke-width="8"/><path d="M ${sw - 74} 310 L ${sw - 66} ${bottom}" stroke="${sleeve.shade}" stroke-width="8"/><path d="M ${sw - 60} 200 C ${sw} 214 ${sw} 260 ${sw} 300 L ${sw} ${bottom} L ${sw - 66} ${bottom} z" fill="${sleeve.shade}" opacity="0.55"/>`;
  const vNeck = (depth: number, fill: string) => `<path d="M -64 186 L 0 ${depth} L 64 186 z" fill="${fill}"/>`;
  const buttons = (from: number, count: number, fill: string) => Array.from({ length: count }, (_, i) => `<circle cx="0" cy="${from + i * 90}" r="7" fill="${fill}"/>`).join('');
  const detail: string[] = [];
  switch (person.clothing) {
    case 'Casual Clothing': {
      // An open denim shirt over a white tee.
      detail.push(`<path d="M -70 186 L 70 186 L 56 ${bottom} L -56 ${bottom} z" fill="#f7f4ee"/>`, `<path d="M -46 186 Q 0 226 46 186 z" fill="${darker('#f7f4ee', 0.08)}"/>`);
      detail.push([-1, 1].map((s) => `<path d="M ${s * 66} 182 L ${s * 30} 250 L ${s * 58} ${bottom} L ${s * 72} ${bottom} L ${s * 96} 220 z" fill="${sleeve.shade}"/>`).join(''));
      detail.push(`<rect x="${-sw + 100}" y="330" width="70" height="60" rx="6" fill="none" stroke="${sleeve.shade}" stroke-width="5"/>`);
      break;
    }
    case 'Formal Clothing': {
      // A blazer with lapels over a shirt; a tie for a man, a pendant otherwise.
      detail.push(vNeck(460, '#f6f6f4'));
      detail.push([-1, 1].map((s) => `<path d="M ${s * 64} 186 L ${s * 4} 470 L ${s * 24} 470 L ${s * 92} 300 L ${s * 70} 250 L ${s * 96} 214 z" fill="${darker(sleeve.base, 0.28)}"/>`).join(''));
      if (person.gender === 'Male') detail.push('<path d="M -16 194 L 16 194 L 10 222 L 22 420 L 0 448 L -22 420 L -10 222 z" fill="#6f2f3c"/><path d="M -16 194 L 16 194 L 10 222 L -10 222 z" fill="#5a2530"/>');
      else detail.push('<path d="M -40 192 Q 0 290 40 192" stroke="#e9c46a" stroke-width="4" fill="none"/><circle cx="0" cy="244" r="9" fill="#e9c46a"/>');
      detail.push(buttons(520, 2, '#1d1f23'));
      break;
    }
    case 'Sportswear': {
      // A zipped track jacket: a stand-up collar, the zip, white stripes down the arms.
      detail.push(`<path d="M -70 160 L 70 160 L 76 204 Q 0 222 -76 204 z" fill="${sleeve.shade}"/>`);
      detail.push(`<path d="M 0 210 L 0 ${bottom}" stroke="#e9ecef" stroke-width="6"/><rect x="-9" y="226" width="18" height="34" rx="5" fill="#e9ecef"/>`);
      detail.push([-1, 1].map((s) => `<path d="M ${s * (sw - 70)} 198 C ${s * (sw - 24)} 214 ${s * (sw - 12)} 250 ${s * (sw - 12)} 300 L ${s * (sw - 12)} ${bottom}" stroke="#ffffff" stroke-width="12" fill="none"/><path d="M ${s * (sw - 90)} 194 C ${s * (sw - 40)} 214 ${s * (sw - 30)} 250 ${s * (sw - 30)} 300 L ${s * (sw - 30)} ${bottom}" stroke="#ffffff" stroke-width="8" fill="none"/>`).join(''));
      break;
    }
    case 'Sleepwear': {
      // Pyjamas: a dotted top with a piped, notched collar and buttons.
      detail.push(`<pattern id="pj-dots" width="46" height="46" patternUnits="userSpaceOnUse"><circle cx="12" cy="12" r="5" fill="#ffffff" opacity="0.75"/><circle cx="35" cy="35" r="4" fill="#6f7bb8" opacity="0.6"/></pattern>`);
      detail.push(`<path d="M ${-sw} ${bottom} L ${-sw} 300 C ${-sw} 226 ${-sw + 44} 198 ${-sw + 96} 190 L ${sw - 96} 190 C ${sw - 44} 198 ${sw} 226 ${sw} 300 L ${sw} ${bottom} z" fill="url(#pj-dots)"/>`);
      detail.push(vNeck(330, 'none'));
      detail.push([-1, 1].map((s) => `<path d="M ${s * 60} 186 L ${s * 2} 330 L ${s * 40} 300 L ${s * 70} 316 L ${s * 96} 206 z" fill="#eef0fb" stroke="#6f7bb8" stroke-width="6" stroke-linejoin="round"/>`).join(''));
      detail.push(buttons(380, 3, '#6f7bb8'));
      break;
    }
    case 'Traditional': {
      // A tunic with a raised collar and embroidered bands; for an Indian woman, a dupatta over one shoulder.
      const colours = traditional[person.ethnicity];
      const motif = motifs[person.ethnicity](colours.accent, 30);
      detail.push(`<path d="M -56 150 L 56 150 L 60 200 Q 0 212 -60 200 z" fill="${colours.band}"/>`);
      detail.push(band('yoke', 236, 30, sw - 2, colours, motif));
      detail.push(`<rect x="-18" y="200" width="36" height="${bottom - 200}" fill="${colours.band}"/>${buttons(290, 4, colours.accent)}`);
      if (person.ethnicity === 'Indian' && person.gender === 'Female') {
        detail.push(`<path d="M ${-sw + 40} 196 L ${-sw + 150} 196 L ${sw - 10} ${bottom} L ${sw - 150} ${bottom} z" fill="#a63f79"/><path d="M ${-sw + 150} 196 L ${sw - 10} ${bottom}" stroke="${colours.accent}" stroke-width="8"/>`);
      }
      break;
    }
  }
  return `${body}${arms}${detail.join('')}`;
}

/**
 * The presenter as an SVG layer the size of the still: neck, clothes, then the head over them. A motion template
 * moves the face apart from the body: 'body' is all but the face (the hair behind it stays, hidden by the face),
 * 'face' the face and the hair in front alone.
 */
export function presenterSvg(person: UgcPerson, stance: Stance, part: 'whole' | 'body' | 'face' = 'whole'): string {
  const skin = skinTones[person.ethnicity];
  const sw = shoulders(person);
  const bottom = Math.ceil((sceneHeight - stance.y) / stance.scale) + 10;
  const { back, front } = head(person);
  const neck = `<path d="M -38 70 L -40 200 Q 0 226 40 200 L 38 70 z" fill="${skin.shade}"/><path d="M -40 150 Q 0 186 40 150 L 40 200 Q 0 226 -40 200 z" fill="${skin.crease}" opacity="0.35"/>`;
  const shadow = '<filter id="presenter-shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="-10" dy="8" stdDeviation="14" flood-color="#1a120b" flood-opacity="0.22"/></filter>';
  // The body sits a little higher than the face's proportions alone would put it: a shorter neck reads friendlier.
  const body = `${back}<g transform="translate(0 -22)">${neck}${garment(person, sw, bottom + 22)}</g>`;
  const figure = part === 'body' ? body : part === 'face' ? front : `${body}${front}`;
  // The face alone goes over the body, where its shadow would barely show: drawing it per clip is not worth its blur.
  const cast = part === 'face' ? '' : ' filter="url(#presenter-shadow)"';
  return svgDocument(shadow, `<g transform="translate(${stance.x} ${stance.y}) scale(${stance.scale})"${cast}>${figure}</g>`);
}

/** Where the presenter's near shoulder is in the frame: where the arm that holds the product starts. */
export function nearShoulder(person: UgcPerson, stance: Stance): { x: number; y: number } {
  return { x: stance.x - (shoulders(person) - 60) * stance.scale, y: stance.y + 228 * stance.scale };
}

/**
 * The one thing written on the still: it is an illustration, not a photo of a real person, small in the top left
 * where neither the product, the presenter nor the subtitles are.
 */
export const illustrationTag = svgDocument(
  '',
  [
    '<rect x="44" y="52" width="176" height="44" rx="22" fill="#15110e" opacity="0.5"/>',
    '<path d="M 66 82 L 80 68 L 85 73 L 71 87 L 64 89 z" fill="#f4c76b"/>',
    '<text x="94" y="82" font-family="Inter, DejaVu Sans, sans-serif" font-size="21" font-weight="600" fill="#ffffff" letter-spacing="0.4">Illustration</text>',
  ].join(''),
);
