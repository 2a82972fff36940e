import { linear, planks, radial, rect, sceneHeight, sceneWidth, seeded, tree } from '../../../providers/image-generation/scene-parts.ts';

/**
 * The three framings every business scene is drawn in, so a shop gets two different pictures of itself: a counter
 * seen from the front, a table seen from above (a flat lay) and the shop front from the street. Each keeps the middle
 * and lower middle of the frame plain (the counter's front, the bare table, the pavement), where captions are read.
 * A scene is two layers: `back` (walls, sky, the table) and `front` (what stands nearer), which a loop moves apart.
 */
export interface SceneLayers {
  back: string;
  front: string;
}

/** Where the front view's counter top lies: objects stand on it, and the plain counter front runs below it. */
export const counterTop = 1000;
const counterFront = 1560;

/**
 * Objects lying on a table, lifted off it by a shadow (the flat lay's only depth cue): the same shapes again in
 * black, offset and faint, under them. A blurred SVG filter looked softer but made every flat lay four times slower.
 */
export const lifted = (body: string) => {
  const silhouette = body.replace(/(fill|stroke|stop-color)="#[0-9a-fA-F]{3,6}"/g, '$1="#000"').replace(/ id="[^"]*"/g, '');
  return `<g opacity="0.16" transform="translate(6 14)">${silhouette}</g>${body}`;
};

export interface CounterView {
  id: string;
  wall: readonly [top: string, bottom: string];
  /** The counter's top edge and its front panel; without one the floor starts at counterTop (a room, not a shop counter). */
  counter?: readonly [top: string, front: string];
  floor: readonly [far: string, near: string];
  /** On the wall: shelves, boards, windows (y 0 to the counter top). */
  back: string;
  /** Standing on the counter (or the floor), at y = counterTop. */
  onCounter: string;
  /** Warm pendant lamps over the counter, or daylight only. */
  lamps?: string;
}

/** A shop's counter from the front: the wall behind, the counter with its goods, its plain front and the floor. */
export function counterView(view: CounterView): SceneLayers {
  const { id } = view;
  if (!view.counter) return room(view);
  const panels = Array.from({ length: 6 }, (_, i) => rect(i * 180 + 2, counterTop + 60, 176, counterFront - counterTop - 90, '#ffffff', 'opacity="0.05" rx="6"')).join('');
  const back = [
    linear(`${id}-wall`, [[0, view.wall[0]], [1, view.wall[1]]]),
    linear(`${id}-floor`, [[0, view.floor[0]], [1, view.floor[1]]]),
    radial(`${id}-light`, [[0, '#fff6e4', 0.5], [1, '#fff6e4', 0]], 540, 420, 720),
    rect(0, 0, sceneWidth, counterFront, `url(#${id}-wall)`),
    rect(0, 0, sceneWidth, counterFront, `url(#${id}-light)`),
    view.back,
    rect(0, counterFront, sceneWidth, sceneHeight - counterFront, `url(#${id}-floor)`),
    planks(counterFront, sceneHeight - counterFront, 5, shade(shade(view.floor[0]))),
  ].join('');
  const front = [
    linear(`${id}-front`, [[0, view.counter[1]], [1, shade(view.counter[1])]]),
    linear(`${id}-under`, [[0, '#000', 0.3], [1, '#000', 0]]),
    view.lamps ?? '',
    rect(0, counterTop, sceneWidth, counterFront - counterTop, `url(#${id}-front)`),
    panels,
    rect(0, counterTop + 34, sceneWidth, 40, `url(#${id}-under)`),
    rect(0, counterTop - 6, sceneWidth, 40, view.counter[0]),
    rect(0, counterTop - 6, sceneWidth, 6, '#ffffff', 'opacity="0.35"'),
    rect(0, counterFront - 24, sceneWidth, 24, '#000', 'opacity="0.25"'),
    view.onCounter,
  ].join('');
  return { back, front };
}

function room(view: CounterView): SceneLayers {
  const { id } = view;
  const back = [
    linear(`${id}-wall`, [[0, view.wall[0]], [1, view.wall[1]]]),
    linear(`${id}-floor`, [[0, view.floor[0]], [1, view.floor[1]]]),
    radial(`${id}-light`, [[0, '#fff6e4', 0.5], [1, '#fff6e4', 0]], 540, 420, 720),
    rect(0, 0, sceneWidth, counterTop, `url(#${id}-wall)`),
    rect(0, 0, sceneWidth, counterTop, `url(#${id}-light)`),
    view.back,
    rect(0, counterTop, sceneWidth, sceneHeight - counterTop, `url(#${id}-floor)`),
    planks(counterTop, sceneHeight - counterTop, 7, shade(view.floor[0])),
    rect(0, counterTop - 18, sceneWidth, 22, shade(view.wall[1])),
  ].join('');
  return { back, front: `${view.lamps ?? ''}${view.onCounter}` };
}

/** The same colour a little darker, for the lower end of a lit surface. */
function shade(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const c = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.round(v * 0.8).toString(16).padStart(2, '0'));
  return `#${c.join('')}`;
}

export interface FlatLay {
  id: string;
  /** The table's colours, far to near, and the grain drawn over it. */
  surface: readonly [string, string];
  grain: 'wood' | 'marble' | 'linen';
  /** Everything on the table; keep it to the top and bottom bands and the edges. */
  items: string;
}

/** A table seen from straight above, its middle left bare. */
export function flatLay(lay: FlatLay): SceneLayers {
  const random = seeded(lay.id.length * 97 + lay.surface[0].charCodeAt(3));
  const grain =
    lay.grain === 'wood'
      ? Array.from({ length: 7 }, (_, i) => rect(i * 160 - 4, 0, 6, sceneHeight, '#000', 'opacity="0.12"')).join('') +
        Array.from({ length: 40 }, () => `<path d="M${random() * sceneWidth} ${random() * sceneHeight} q10 90 0 ${160 + random() * 200}" stroke="#000" stroke-width="3" fill="none" opacity="0.07"/>`).join('')
      : lay.grain === 'marble'
        ? Array.from({ length: 5 }, () => `<path d="M-40 ${random() * sceneHeight} C${300 + random() * 200} ${random() * sceneHeight} ${600 + random() * 200} ${random() * sceneHeight} 1120 ${random() * sceneHeight}" stroke="#8a8580" stroke-width="${2 + random() * 3}" fill="none" opacity="0.12"/>`).join('')
        : Array.from({ length: 96 }, (_, i) => rect(0, i * 20, sceneWidth, 2, '#000', 'opacity="0.04"')).join('');
  const back = [
    linear(`${lay.id}-table`, [[0, lay.surface[0]], [1, lay.surface[1]]]),
    radial(`${lay.id}-sun`, [[0, '#fffaf0', 0.45], [1, '#fffaf0', 0]], 300, 300, 1100),
    rect(0, 0, sceneWidth, sceneHeight, `url(#${lay.id}-table)`),
    grain,
    rect(0, 0, sceneWidth, sceneHeight, `url(#${lay.id}-sun)`),
  ].join('');
  return { back, front: lifted(lay.items) };
}

export interface ShopFront {
  id: string;
  time: 'day' | 'dusk';
  wall: string;
  /** The awning's two stripe colours. */
  awning: readonly [string, string];
  /** The sign over the awning (a symbol of the trade, drawn centred at 540, 360). */
  sign: string;
  /** What is on show in the window (x 90..690, y 620..1060), drawn behind the glass. */
  display: string;
  /** A pavement sign, planter or bike, standing on the pavement. */
  street?: string;
}

const windowBox = { x: 90, y: 600, w: 600, h: 470 };
// The shop is drawn a little smaller than the frame, between its neighbours, so the pavement starts above the caption band.
const shrink = 'translate(65 0) scale(0.88)';
const pavement = Math.round(1270 * 0.88);

/** The shop from across the street: its sign, awning, window display and door, over a plain pavement. */
export function shopFront(shop: ShopFront): SceneLayers {
  const { id } = shop;
  const dusk = shop.time === 'dusk';
  const sky = dusk ? (['#3d3a6b', '#f0a070'] as const) : (['#7fc0ec', '#dff1fb'] as const);
  const glassLight = dusk ? '#ffe0a3' : '#dcebf0';
  const scallops = Array.from({ length: 11 }, (_, i) => `<circle cx="${60 + i * 96 + 48}" cy="580" r="48" fill="${shop.awning[i % 2]}"/>`).join('');
  const stripes = Array.from({ length: 11 }, (_, i) => rect(60 + i * 96, 460, 96, 120, shop.awning[i % 2]!)).join('');
  const building = [
    tree(60, 300, 110, dusk ? '#3f5e4a' : '#5e9a4e', dusk ? '#324c3c' : '#4a8240'),
    tree(1040, 310, 130, dusk ? '#3f5e4a' : '#5e9a4e', dusk ? '#324c3c' : '#4a8240'),
    rect(0, 140, sceneWidth, 1130, shop.wall),
    rect(0, 140, sceneWidth, 24, '#000', 'opacity="0.15"'),
    rect(220, 280, 640, 160, '#fbf7f0', 'rx="14"'),
    rect(232, 292, 616, 136, 'none', `rx="10" stroke="${shop.awning[0]}" stroke-width="6"`),
    shop.sign,
    `<clipPath id="${id}-glass"><rect x="${windowBox.x}" y="${windowBox.y}" width="${windowBox.w}" height="${windowBox.h}"/></clipPath>`,
    rect(windowBox.x, windowBox.y, windowBox.w, windowBox.h, glassLight),
    `<g clip-path="url(#${id}-glass)">${shop.display}<path d="M${windowBox.x + 80} ${windowBox.y + windowBox.h} L${windowBox.x + 360} ${windowBox.y}" stroke="#fff" stroke-width="60" opacity="0.18"/></g>`,
    rect(windowBox.x - 20, windowBox.y - 20, windowBox.w + 40, windowBox.h + 40, 'none', 'stroke="#2e2a28" stroke-width="22" rx="4"'),
    rect(windowBox.x - 30, 1085, windowBox.w + 60, 185, shade(shade(shop.wall))),
    rect(770, 600, 220, 670, '#2e2a28', 'rx="4"'),
    rect(790, 620, 180, 300, glassLight, 'opacity="0.9"'),
    rect(790, 940, 180, 310, shade(shop.awning[0])),
    `<circle cx="800" cy="960" r="10" fill="#d9b35a"/>`,
  ].join('');
  const neighbours = shade(shade(shop.wall));
  const back = [
    linear(`${id}-sky`, [[0, sky[0]], [1, sky[1]]]),
    linear(`${id}-walk`, [[0, dusk ? '#8b8390' : '#d4cdc2'], [1, dusk ? '#5e5866' : '#ada498']]),
    rect(0, 0, sceneWidth, 300, `url(#${id}-sky)`),
    rect(0, 90, sceneWidth, pavement - 90, neighbours),
    `<g transform="${shrink}">${building}</g>`,
    rect(0, pavement, sceneWidth, sceneHeight - pavement, `url(#${id}-walk)`),
    rect(0, pavement, sceneWidth, 26, '#000', 'opacity="0.18"'),
    ...Array.from({ length: 5 }, (_, i) => rect(0, pavement + 130 + i * (110 + i * 14), sceneWidth, 4, '#000', 'opacity="0.12"')),
    dusk ? radial(`${id}-spill`, [[0, '#ffd38a', 0.45], [1, '#ffd38a', 0]], 390, pavement, 520) + rect(0, pavement, sceneWidth, sceneHeight - pavement, `url(#${id}-spill)`) : '',
  ].join('');
  const awning = [stripes, scallops, rect(60, 450, 1056, 16, shade(shop.awning[0]), 'rx="6"'), dusk ? wallLamp(id, 880, 540) : ''].join('');
  const front = `<g transform="${shrink}">${awning}</g>${shop.street ?? ''}`;
  return { back, front };
}

/** A lamp on the wall over the door, lit at dusk. */
const wallLamp = (id: string, x: number, y: number) =>
  `${radial(`${id}-lamp`, [[0, '#ffd9a0', 0.8], [1, '#ffd9a0', 0]], x, y + 40, 220)}<circle cx="${x}" cy="${y + 40}" r="220" fill="url(#${id}-lamp)"/>${rect(x - 6, y - 40, 12, 40, '#2e2a28')}<path d="M${x - 60} ${y + 30} Q${x} ${y - 30} ${x + 60} ${y + 30} z" fill="#2e2a28"/>`;

/** An A-frame pavement sign with a chalk drawing on it, standing at (x, y). */
export function pavementSign(x: number, y: number, chalk: string): string {
  return `<path d="M${x - 110} ${y} L${x - 80} ${y - 300} H${x + 80} L${x + 110} ${y} z" fill="#6b4a33"/><rect x="${x - 78}" y="${y - 280}" width="156" height="250" rx="6" fill="#2b3530"/><g transform="translate(${x} ${y - 155})" stroke="#f3efe6" stroke-width="5" fill="none" stroke-linecap="round">${chalk}</g>`;
}

/** A wall shelf with a bracket at each end. */
export function wallShelf(x: number, y: number, w: number, board: string): string {
  return `${rect(x, y, w, 18, board, 'rx="3"')}${rect(x, y + 18, w, 8, '#000', 'opacity="0.12"')}${rect(x + 20, y + 18, 12, 40, board)}${rect(x + w - 32, y + 18, 12, 40, board)}`;
}

/** A framed picture or poster; `art` is drawn inside (x..x+w, y..y+h). */
export function framed(x: number, y: number, w: number, h: number, frame: string, paper: string, art: string): string {
  return `${rect(x - 14, y - 14, w + 28, h + 28, frame, 'rx="4"')}${rect(x, y, w, h, paper)}${art}`;
}
