import type { UgcEthnicity, UgcPerson } from '@reelsmith/contracts';

/**
 * The presenter's head, in the scenes' flat style: a face of simple shapes and a hairstyle that follows the person
 * choices. Drawn round its own origin (the middle of the face, 0,0; about 240 units tall) so presenter.ts can place and
 * scale it. Pure string builders.
 */
export interface SkinTone {
  base: string;
  shade: string;
  crease: string;
  nail: string;
  /** How strongly the cheeks show: less on deeper tones, where the same pink would look painted on. */
  blush: number;
}

/** A range of real skin tones, light to deep, one per choice: a palette, never features drawn differently. */
export const skinTones: Record<UgcEthnicity, SkinTone> = {
  Caucasian: { base: '#f3cfb3', shade: '#e2b193', crease: '#c48f72', nail: '#fbe3d6', blush: 0.32 },
  'Southeast Asian': { base: '#e8bd92', shade: '#d6a376', crease: '#b7825a', nail: '#f6d9c0', blush: 0.26 },
  Hispanic: { base: '#d6a27a', shade: '#c28a62', crease: '#a06b48', nail: '#ecc7ab', blush: 0.22 },
  Indian: { base: '#b97c55', shade: '#a46844', crease: '#85502f', nail: '#d8a988', blush: 0.16 },
  African: { base: '#7d4f33', shade: '#6a4029', crease: '#4f2d1b', nail: '#a77a5f', blush: 0.12 },
};

const hairColours: Record<UgcEthnicity, string> = {
  Caucasian: '#94633a',
  'Southeast Asian': '#241b17',
  Hispanic: '#3d2719',
  Indian: '#251a15',
  African: '#1d1512',
};
const greyHair = '#d8d5cf';

export const hairColour = (person: UgcPerson) => (person.ageGroup === 'Elderly' ? greyHair : hairColours[person.ethnicity]);

/** A darker tone of a #rrggbb colour, for the shaded side of hair or cloth. */
export function darker(hex: string, amount = 0.16): string {
  const channel = (i: number) => Math.round(parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) * (1 - amount));
  return `#${[0, 1, 2].map((i) => channel(i).toString(16).padStart(2, '0')).join('')}`;
}

const face = 'M -88 -18 C -88 -92 -50 -116 0 -116 C 50 -116 88 -92 88 -18 C 88 48 52 110 0 110 C -52 110 -88 48 -88 -18 z';

/** A row of small circles along a path of points: the edge of coily hair. */
const curls = (points: readonly (readonly [number, number])[], r: number, fill: string) => points.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`).join('');

const arc = (cx: number, cy: number, rx: number, ry: number, from: number, to: number, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const angle = ((from + ((to - from) * i) / (count - 1)) * Math.PI) / 180;
    return [cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)] as const;
  });

type Hair = { back: string; front: string };

/**
 * The hairstyle: length and shape from gender and age, texture from the hair most common to the choice (coily for
 * African), colour from the person (grey when Elderly).
 */
function hair(person: UgcPerson): Hair {
  const colour = hairColour(person);
  const shade = darker(colour, 0.25);
  const coily = person.ethnicity === 'African';
  const { gender, ageGroup } = person;
  // The part that covers the top of the head, with the hairline across the forehead.
  const cap = (hairline: number, fill = colour) =>
    `<path d="M -98 4 C -104 -96 -58 -142 0 -142 C 58 -142 104 -96 98 4 C 94 -28 88 -50 70 ${hairline - 4} C 34 ${hairline + 6} -24 ${hairline - 6} -70 ${hairline} C -86 -44 -94 -22 -98 4 z" fill="${fill}"/>`;
  const sideSweep = `<path d="M -70 -60 C -30 -70 20 -96 76 -66 C 40 -104 -30 -110 -70 -60 z" fill="${shade}" opacity="0.6"/>`;

  if (gender === 'Male') {
    if (ageGroup === 'Elderly') {
      const sides = `<path d="M -98 20 C -104 -40 -90 -80 -66 -96 C -80 -60 -82 -20 -80 20 z" fill="${colour}"/><path d="M 98 20 C 104 -40 90 -80 66 -96 C 80 -60 82 -20 80 20 z" fill="${colour}"/>`;
      const moustache = `<path d="M -34 58 C -20 44 -6 48 0 54 C 6 48 20 44 34 58 C 20 58 8 62 0 58 C -8 62 -20 58 -34 58 z" fill="${colour}"/>`;
      return { back: '', front: `${sides}<path d="M -66 -96 C -30 -124 30 -124 66 -96 C 30 -108 -30 -108 -66 -96 z" fill="${colour}" opacity="0.85"/>${moustache}` };
    }
    if (coily) return { back: '', front: `${cap(-62)}${curls(arc(0, -62, 92, 74, 188, 352, 13), 16, colour)}` };
    const tufts = ageGroup === 'Teen' ? `<path d="M -72 -58 L -46 -40 L -34 -64 L -8 -42 L 6 -68 L 30 -44 L 46 -66 L 70 -50 L 70 -70 L -72 -70 z" fill="${colour}"/>` : sideSweep;
    return { back: '', front: `${cap(-64)}${tufts}` };
  }

  if (gender === 'Female') {
    if (coily) {
      const puff = `<circle cx="0" cy="-40" r="136" fill="${colour}"/>${curls(arc(0, -40, 134, 134, 150, 390, 22), 20, colour)}`;
      return { back: ageGroup === 'Elderly' ? `<circle cx="0" cy="-54" r="118" fill="${colour}"/>` : puff, front: cap(-66) };
    }
    if (ageGroup === 'Elderly') {
      const bun = `<circle cx="0" cy="-146" r="44" fill="${colour}"/><path d="M -30 -150 C -10 -170 20 -168 34 -146" stroke="${shade}" stroke-width="5" fill="none"/>`;
      return { back: bun, front: `${cap(-60)}${sideSweep}` };
    }
    if (ageGroup === 'Teen') {
      const ponytail = `<path d="M 84 -60 C 170 -60 176 80 150 180 C 136 120 120 40 84 -10 z" fill="${colour}"/><rect x="78" y="-74" width="26" height="24" rx="8" fill="#5fb3a1"/>`;
      const fringe = `<path d="M -78 -50 C -60 -20 -30 -30 -14 -62 C 0 -30 40 -30 74 -52 L 74 -80 L -78 -80 z" fill="${colour}"/>`;
      return { back: ponytail, front: `${cap(-56)}${fringe}` };
    }
    const long = `<path d="M -110 -40 C -120 -150 120 -150 110 -40 L 126 210 C 90 236 40 230 20 214 L -20 214 C -40 230 -90 236 -126 210 z" fill="${colour}"/>`;
    const part = `<path d="M -88 -6 C -92 -70 -60 -104 -12 -110 C -44 -80 -64 -48 -88 -6 z" fill="${colour}"/><path d="M -24 -110 C 30 -80 70 -60 92 0 C 96 -80 50 -120 -24 -110 z" fill="${colour}"/>`;
    return { back: long, front: `${cap(-58)}${part}` };
  }

  // Other: a chin-length bob, neither long nor cropped.
  const bob = `<path d="M -108 -30 C -116 -150 116 -150 108 -30 L 110 70 C 80 84 60 80 48 70 L -48 70 C -60 80 -80 84 -110 70 z" fill="${colour}"/>`;
  const bangs = `<path d="M -82 -36 L 82 -44 L 86 -90 C 50 -126 -50 -126 -86 -90 z" fill="${colour}"/><path d="M -50 -40 L -40 -88 M 0 -42 L 6 -96 M 46 -44 L 40 -92" stroke="${shade}" stroke-width="4" opacity="0.6"/>`;
  if (coily) return { back: `${bob}${curls(arc(0, -30, 110, 110, 160, 380, 18), 18, colour)}`, front: cap(-60) };
  return { back: bob, front: `${cap(-56)}${bangs}` };
}

/** The face and hair, with the glasses and lines that age a face, and the larger eyes of a younger one. */
export function head(person: UgcPerson): { back: string; front: string } {
  const skin = skinTones[person.ethnicity];
  const { back, front } = hair(person);
  const brow = darker(hairColour(person) === greyHair ? '#8a8178' : hairColour(person), 0.1);
  const teen = person.ageGroup === 'Teen';
  const elderly = person.ageGroup === 'Elderly';
  const eye = teen ? 12 : 10;
  const eyes = [-34, 34]
    .map((x) => `<ellipse cx="${x}" cy="8" rx="${eye * 0.82}" ry="${eye}" fill="#2a201b"/><circle cx="${x + 3}" cy="4" r="${eye * 0.3}" fill="#ffffff"/>`)
    .join('');
  const brows = [-34, 34].map((x) => `<path d="M ${x - 18} -18 Q ${x} ${person.gender === 'Male' ? -28 : -30} ${x + 18} -18" stroke="${brow}" stroke-width="${person.gender === 'Male' ? 8 : 6}" stroke-linecap="round" fill="none"/>`).join('');
  const ears = [-88, 88].map((x) => `<ellipse cx="${x}" cy="10" rx="16" ry="25" fill="${skin.shade}"/>`).join('');
  const earrings = person.gender === 'Female' ? [-90, 90].map((x) => `<circle cx="${x}" cy="40" r="6" fill="#e9c46a"/>`).join('') : '';
  const features = [
    `<path d="${face}" fill="${skin.base}"/>`,
    `<path d="M 40 -100 C 80 -70 92 -20 84 30 C 76 74 50 100 20 108 C 60 70 72 10 40 -100 z" fill="${skin.shade}" opacity="0.45"/>`,
    [-52, 52].map((x) => `<ellipse cx="${x}" cy="46" rx="18" ry="11" fill="#e0705a" opacity="${skin.blush}"/>`).join(''),
    eyes,
    brows,
    `<path d="M -3 24 Q 2 44 12 40" stroke="${skin.crease}" stroke-width="5" stroke-linecap="round" fill="none"/>`,
    `<path d="M -26 62 Q 0 92 26 62 Q 0 70 -26 62 z" fill="#6e2f28"/><path d="M -20 64 Q 0 70 20 64 L 18 70 Q 0 74 -18 70 z" fill="#ffffff"/>`,
  ];
  if (elderly) {
    features.push(
      [-1, 1].map((s) => `<path d="M ${s * 34} 66 Q ${s * 44} 74 ${s * 40} 86" stroke="${skin.crease}" stroke-width="3" fill="none" opacity="0.7"/>`).join(''),
      `<path d="M -30 -52 Q 0 -58 30 -52" stroke="${skin.crease}" stroke-width="3" fill="none" opacity="0.5"/>`,
      [-34, 34].map((x) => `<circle cx="${x}" cy="8" r="26" fill="#ffffff" fill-opacity="0.12" stroke="#3b3430" stroke-width="5"/>`).join(''),
      '<path d="M -8 6 Q 0 0 8 6" stroke="#3b3430" stroke-width="5" fill="none"/><path d="M -60 2 L -86 -4 M 60 2 L 86 -4" stroke="#3b3430" stroke-width="5"/>',
    );
  }
  return { back, front: `${ears}${earrings}${features.join('')}${front}` };
}
