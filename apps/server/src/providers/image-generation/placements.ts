import type { Look } from './presenter.ts';
import { svgDocument } from './scene-parts.ts';
import { counterTop } from './scenes.ts';

/**
 * The two placements of the UGC form as SVG over the scene: the product standing on the counter with a contact
 * shadow, or held up in the presenter's hand, larger and tilted. Both sit left of the middle, clear of the presenter's
 * face. Pure: the product comes in as a data URI with its outline (each row's solid span), and the layout is decided here.
 */
export interface PlacedProduct {
  href: string;
  width: number;
  height: number;
  spans: readonly ([number, number] | null)[];
  kind: 'cutout' | 'card';
}

/** The box a product is fitted inside (aspect ratio kept), per placement. */
export const standingFit = { width: 600, height: 820 };
export const heldFit = { width: 680, height: 840 };
export const heldTiltDegrees = -7;
/** The product's middle across the frame: left of the presenter, who stands on the right. */
const productX = 400;

const image = (p: PlacedProduct, x: number, y: number, extra = '') =>
  `<image href="${p.href}" x="${x}" y="${y}" width="${p.width}" height="${p.height}" preserveAspectRatio="none" ${extra}/>`;

/** The solid width of the product's lowest rows: what touches the counter. */
function baseSpan(p: PlacedProduct): [number, number] {
  const rows = p.spans.slice(Math.floor(p.height * 0.94)).filter((s): s is [number, number] => s !== null);
  if (rows.length === 0) return [0, p.width];
  return [Math.min(...rows.map((s) => s[0])), Math.max(...rows.map((s) => s[1]))];
}

/** Standing on the counter, its base a little in front of the counter's far edge. */
export function standingProductSvg(p: PlacedProduct): string {
  const x = Math.round(productX - p.width / 2);
  const bottom = counterTop + 230;
  const y = bottom - p.height;
  const [baseLeft, baseRight] = baseSpan(p);
  const baseX = x + (baseLeft + baseRight) / 2;
  const baseWidth = baseRight - baseLeft;
  const defs = [
    '<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>',
    '<filter id="tight" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="4"/></filter>',
    '<filter id="drop" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="16" dy="6" stdDeviation="18" flood-color="#1a120b" flood-opacity="0.22"/></filter>',
  ].join('');
  const body = [
    `<ellipse cx="${baseX + 10}" cy="${bottom + 4}" rx="${baseWidth * 0.66}" ry="${Math.max(16, baseWidth * 0.07)}" fill="#1a120b" opacity="0.38" filter="url(#soft)"/>`,
    `<ellipse cx="${baseX}" cy="${bottom}" rx="${baseWidth * 0.5}" ry="${Math.max(6, baseWidth * 0.025)}" fill="#1a120b" opacity="0.55" filter="url(#tight)"/>`,
    image(p, x, y, 'filter="url(#drop)"'),
  ].join('');
  return svgDocument(defs, body);
}

type Skin = Look['skin'];
type Point = { x: number; y: number };

/** A finger as a capsule from (x1, y) to (x2, y) with the nail at x2's end. */
function finger(skin: Skin, x1: number, x2: number, y: number, thickness: number): string {
  const left = Math.min(x1, x2);
  const nailX = x2 > x1 ? x2 - thickness * 0.62 : x2 + thickness * 0.12;
  return [
    `<rect x="${left}" y="${y - thickness / 2}" width="${Math.abs(x2 - x1)}" height="${thickness}" rx="${thickness / 2}" fill="${skin.base}" stroke="${skin.crease}" stroke-width="2.5"/>`,
    `<rect x="${nailX}" y="${y - thickness * 0.27}" width="${thickness * 0.5}" height="${thickness * 0.54}" rx="${thickness * 0.2}" fill="${skin.nail}" opacity="0.9"/>`,
  ].join('');
}

/** A tapering band from a to b (half-widths at each end), moved sideways by `offset`: an arm, a sleeve, a fold. */
function limb(a: Point, b: Point, halfA: number, halfB: number, fill: string, offset = 0): string {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const nx = (a.y - b.y) / length;
  const ny = (b.x - a.x) / length;
  const at = (p: Point, half: number) => [`${p.x + nx * (offset + half)} ${p.y + ny * (offset + half)}`, `${p.x + nx * (offset - half)} ${p.y + ny * (offset - half)}`];
  const [a1, a2] = at(a, halfA);
  const [b1, b2] = at(b, halfB);
  return `<path d="M${a1} L${b1} L${b2} L${a2} z" fill="${fill}"/>`;
}


/**
 * How the held arm is posed: `drop` moves the product down the frame with a presenter stood lower, and `raise` turns
 * the forearm about the elbow (degrees, negative lowers it to the left): the motion template draws the arm coming up,
 * frame by frame, where a blurred drop shadow per frame would cost more than the rest of the clip: `quickShadow`
 * paints a soft gradient instead.
 */
export interface ArmPose {
  drop?: number;
  raise?: number;
  quickShadow?: boolean;
}

/** The held arm in two layers (SVG bodies over shared defs): the upper arm, and the hand with the product. */
export interface HeldArm {
  defs: string;
  upperArm: string;
  hand: string;
  elbow: Point;
}

/**
 * Held up beside the presenter's face: the upper arm from the shoulder down to the elbow, the forearm up behind the
 * product to the palm, four fingers curled round its left edge and the thumb round its right, where the outline
 * actually is on those rows. Skin and sleeve are the presenter's.
 */
export function heldProductSvg(p: PlacedProduct, look: Look, shoulder: Point, armPose: ArmPose = {}): string {
  const arm = heldArm(p, look, shoulder, armPose);
  return svgDocument(arm.defs, `${arm.upperArm}${arm.hand}`);
}

export function heldArm(p: PlacedProduct, look: Look, shoulder: Point, armPose: ArmPose = {}): HeldArm {
  const { skin, sleeve } = look;
  const x = Math.round(productX - p.width / 2);
  // Low enough that a wide product passes under the presenter's chin.
  const y = Math.round(910 + (armPose.drop ?? 0) - p.height / 2);
  const cx = x + p.width / 2;
  const cy = y + p.height / 2;
  const bottom = y + p.height;
  const t = Math.min(52, Math.max(34, p.height * 0.058));
  const gripY = y + p.height * (p.kind === 'card' ? 0.78 : 0.64);
  const span = (row: number) => p.spans[Math.min(p.height - 1, Math.max(0, Math.round(row - y)))] ?? [0, p.width];

  // The elbow is placed in the frame, below the shoulder; the hand's group is tilted, so it is turned back into it.
  const elbow = { x: shoulder.x + 30, y: Math.max(shoulder.y + 440, bottom + 60) };
  const turn = (-heldTiltDegrees * Math.PI) / 180;
  const groupElbow = {
    x: cx + (elbow.x - cx) * Math.cos(turn) - (elbow.y - cy) * Math.sin(turn),
    y: cy + (elbow.x - cx) * Math.sin(turn) + (elbow.y - cy) * Math.cos(turn),
  };
  const upperArm = [
    limb(shoulder, elbow, t * 1.9, t * 1.7, sleeve.base),
    `<circle cx="${elbow.x}" cy="${elbow.y}" r="${t * 1.7}" fill="${sleeve.base}"/>`,
    limb(shoulder, elbow, t * 0.1, t * 0.1, sleeve.shade, t * 1.2),
  ].join('');

  const wrist = { x: cx + p.width * 0.1, y: gripY };
  const along = (k: number) => ({ x: wrist.x + (groupElbow.x - wrist.x) * k, y: wrist.y + (groupElbow.y - wrist.y) * k });
  const cuff = 0.42;
  const forearm = [
    limb(wrist, groupElbow, t * 1.3, t * 1.6, 'url(#forearm)'),
    limb(along(cuff), groupElbow, t * 1.75, t * 1.75, sleeve.base),
    limb(along(cuff), along(cuff + 0.05), t * 1.8, t * 1.8, sleeve.cuff),
    `<circle cx="${groupElbow.x}" cy="${groupElbow.y}" r="${t * 1.7}" fill="${sleeve.base}"/>`,
    `<ellipse cx="${cx}" cy="${gripY + t * 0.6}" rx="${p.width * 0.44}" ry="${t * 2.6}" fill="${skin.shade}"/>`,
  ].join('');

  const fingerRows = [-1.5, -0.5, 0.5, 1.5].map((k) => gripY + k * t * 1.02);
  const fingers = fingerRows
    .map((row, i) => {
      const [left, right] = span(row);
      const reach = Math.min(t * (1.1 - i * 0.08), (right - left) * 0.2);
      return finger(skin, x + left - t * 0.7, x + left + reach, row, t * (1 - i * 0.05));
    })
    .join('');
  const knuckles = `<ellipse cx="${x + span(gripY)[0] - t * 0.55}" cy="${gripY}" rx="${t * 0.55}" ry="${t * 2.2}" fill="${skin.shade}"/>`;
  const thumbRow = gripY - t * 1.3;
  const thumbRight = x + span(thumbRow)[1];
  const thumb = [
    `<ellipse cx="${thumbRight + t * 0.45}" cy="${gripY + t * 0.3}" rx="${t * 0.75}" ry="${t * 1.9}" fill="${skin.shade}"/>`,
    `<g transform="rotate(-58 ${thumbRight + t * 0.3} ${thumbRow + t * 0.9})">${finger(skin, thumbRight + t * 0.3 + t * 0.9, thumbRight + t * 0.3 - t * 1.5, thumbRow + t * 0.9, t * 1.12)}</g>`,
  ].join('');

  const defs = [
    '<filter id="drop" x="-40%" y="-40%" width="180%" height="180%"><feDropShadow dx="22" dy="30" stdDeviation="28" flood-color="#120c08" flood-opacity="0.32"/></filter>',
    `<linearGradient id="forearm" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${skin.base}"/><stop offset="0.7" stop-color="${skin.shade}"/><stop offset="1" stop-color="${skin.crease}"/></linearGradient>`,
  ].join('');
  const quickShadow = `<radialGradient id="quick-shadow"><stop offset="0.55" stop-color="#120c08" stop-opacity="0.3"/><stop offset="1" stop-color="#120c08" stop-opacity="0"/></radialGradient>`;
  const shadow = armPose.quickShadow ? `<ellipse cx="${cx + 22}" cy="${cy + 30}" rx="${p.width * 0.62}" ry="${p.height * 0.6}" fill="url(#quick-shadow)"/>` : '';
  const tilted = `<g transform="rotate(${heldTiltDegrees} ${cx} ${cy})"${armPose.quickShadow ? '' : ' filter="url(#drop)"'}>${shadow}${forearm}${image(p, x, y)}${knuckles}${fingers}${thumb}</g>`;
  // The hand's group turns its elbow onto the frame's elbow, so turning it all about that point keeps the arm whole.
  const hand = armPose.raise ? `<g transform="rotate(${armPose.raise} ${elbow.x} ${elbow.y})">${tilted}</g>` : tilted;
  return { defs: `${defs}${armPose.quickShadow ? quickShadow : ''}`, upperArm, hand, elbow };
}
