/**
 * The drawing vocabulary the scenes share, as SVG fragments in the still's own pixels (1080x1920): gradients, a
 * window, plants, trees, shelves of books. Pure string builders; librsvg (through sharp) renders them.
 */
export const sceneWidth = 1080;
export const sceneHeight = 1920;

type Stop = readonly [offset: number, color: string, opacity?: number];

const stops = (list: readonly Stop[]) => list.map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`).join('');

/** A linear gradient from the top down unless given another direction (in fractions of the shape). */
export const linear = (id: string, list: readonly Stop[], [x1, y1, x2, y2] = [0, 0, 0, 1]) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;

/** A radial glow in canvas pixels. */
export const radial = (id: string, list: readonly Stop[], cx: number, cy: number, r: number) =>
  `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`;

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;

export const svgDocument = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${sceneWidth}" height="${sceneHeight}" viewBox="0 0 ${sceneWidth} ${sceneHeight}"><defs>${defs}</defs>${body}</svg>`;

/** The same scene always draws the same: a small deterministic generator for books, bricks and speckles. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A window with a sky, mullions and a sill; `view` draws inside the glass (clipped to it). */
export function windowFrame(id: string, x: number, y: number, w: number, h: number, frame: string, view: string): string {
  const glass = `${id}-glass`;
  return [
    `<clipPath id="${glass}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>`,
    `<g clip-path="url(#${glass})">${view}</g>`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${frame}" stroke-width="22"/>`,
    rect(x + w / 2 - 7, y, 14, h, frame),
    rect(x, y + h * 0.42 - 7, w, 14, frame),
    rect(x - 30, y + h + 6, w + 60, 26, frame, 'rx="4"'),
    rect(x - 30, y + h + 32, w + 60, 12, '#000', 'opacity="0.08"'),
  ].join('');
}

/** A leafy plant in a pot standing on y. */
export function pottedPlant(x: number, y: number, scale: number, pot: string, leaf = '#4f8a57', leafDark = '#3b6e45'): string {
  const leaves = [-62, -38, -16, 8, 30, 54, -80, 74]
    .map((angle, i) => {
      const length = (150 + ((i * 37) % 60)) * scale;
      const fill = i % 2 ? leaf : leafDark;
      return `<ellipse cx="${x}" cy="${y - 70 * scale - length / 2}" rx="${22 * scale}" ry="${length / 2}" fill="${fill}" transform="rotate(${angle} ${x} ${y - 70 * scale})"/>`;
    })
    .join('');
  const potWidth = 110 * scale;
  const potHeight = 96 * scale;
  return `${leaves}<path d="M${x - potWidth / 2} ${y - potHeight} h${potWidth} l${-12 * scale} ${potHeight} h${-potWidth + 24 * scale} z" fill="${pot}"/><rect x="${x - potWidth / 2 - 6 * scale}" y="${y - potHeight - 10 * scale}" width="${potWidth + 12 * scale}" height="${16 * scale}" rx="${5 * scale}" fill="${pot}"/><rect x="${x - potWidth / 2}" y="${y - potHeight + 6 * scale}" width="${potWidth}" height="${10 * scale}" fill="#000" opacity="0.12"/>`;
}

/** A round-crowned tree whose trunk stands on y. */
export function tree(x: number, y: number, size: number, crown: string, shade: string): string {
  const blobs = [
    [0, -1.55, 0.62],
    [-0.48, -1.2, 0.5],
    [0.5, -1.18, 0.52],
    [-0.2, -1.9, 0.45],
    [0.28, -1.75, 0.42],
  ] as const;
  const trunk = `<path d="M${x - size * 0.08} ${y} L${x - size * 0.05} ${y - size} L${x + size * 0.05} ${y - size} L${x + size * 0.09} ${y} z" fill="#6b4a33"/>`;
  const crownShapes = blobs.map(([dx, dy, r], i) => `<circle cx="${x + dx * size}" cy="${y + dy * size}" r="${r * size}" fill="${i < 3 ? shade : crown}"/>`).join('');
  return `${trunk}${crownShapes}<circle cx="${x + 0.12 * size}" cy="${y - 1.72 * size}" r="${0.22 * size}" fill="#ffffff" opacity="0.12"/>`;
}

/** A shelf board with a row of book spines standing on it, some leaning. */
export function bookShelf(x: number, y: number, width: number, board: string, seed: number): string {
  const random = seeded(seed);
  const colors = ['#c0563f', '#2f5d7c', '#e0b04a', '#4f7f6a', '#8a5a8c', '#e9e2d4', '#34495e', '#d98b5f'];
  let cursor = x + 12;
  const spines: string[] = [];
  while (cursor < x + width - 60) {
    const w = 22 + random() * 22;
    const h = 110 + random() * 70;
    const color = colors[Math.floor(random() * colors.length)]!;
    spines.push(rect(cursor, y - h, w, h, color, 'rx="3"'), rect(cursor + 4, y - h + 18, w - 8, 6, '#ffffff', 'opacity="0.35"'));
    cursor += w + 3;
    if (random() < 0.18) cursor += 40;
  }
  return `${spines.join('')}${rect(x, y, width, 18, board, 'rx="3"')}${rect(x, y + 18, width, 10, '#000', 'opacity="0.1"')}`;
}

/** A hanging lamp with a warm pool of light under it. */
export function pendantLamp(id: string, x: number, cordLength: number, shade: string): string {
  const y = cordLength;
  return [
    radial(`${id}-glow`, [[0, '#ffd9a0', 0.75], [1, '#ffd9a0', 0]], x, y + 60, 260),
    `<rect x="${x - 1.5}" y="0" width="3" height="${y}" fill="#2b2420"/>`,
    `<circle cx="${x}" cy="${y + 60}" r="260" fill="url(#${id}-glow)"/>`,
    `<path d="M${x - 90} ${y + 70} Q${x - 80} ${y} ${x} ${y} Q${x + 80} ${y} ${x + 90} ${y + 70} z" fill="${shade}"/>`,
    `<ellipse cx="${x}" cy="${y + 70}" rx="90" ry="12" fill="#fff1c9"/>`,
  ].join('');
}

/** Floor boards across a band: seams further apart towards the camera, as perspective spaces them. */
export function planks(y: number, height: number, count: number, seam: string): string {
  const weights = Array.from({ length: count }, (_, i) => 1 + i * 0.35);
  const total = weights.reduce((sum, w) => sum + w, 0);
  let at = y;
  return weights
    .slice(0, -1)
    .map((w) => {
      at += (height * w) / total;
      return rect(0, Math.round(at), sceneWidth, 3 + Math.round(w * 1.5), seam, 'opacity="0.5"');
    })
    .join('');
}

/** Where lines running away from the camera meet: the eye level of a phone held a little above the counter. */
const vanishing = { x: 540, y: 700 };

/** Seams running away from the camera over a surface from `top` to the bottom of the frame (a table's boards). */
export function boardSeams(top: number, count: number, seam: string): string {
  const depth = (top - vanishing.y) / (sceneHeight - vanishing.y);
  return Array.from({ length: count + 1 }, (_, i) => {
    const bottomX = -500 + (i * (sceneWidth + 1000)) / count;
    const topX = vanishing.x + (bottomX - vanishing.x) * depth;
    return `<path d="M${topX} ${top} L${bottomX} ${sceneHeight}" stroke="${seam}" stroke-width="4" opacity="0.45"/>`;
  }).join('');
}
