import { pendantLamp, pottedPlant, rect } from '../../../providers/image-generation/scene-parts.ts';
import { counterTop, counterView, flatLay, framed, pavementSign, shopFront, wallShelf, type SceneLayers } from './layouts.ts';

/** Bakeries, cafés, restaurants, pizza and burger places, grocers: what each sells, drawn where it is sold. */

/** A croissant lying on its side (front view) or seen from above: a crescent of five swelling segments. */
export function croissant(x: number, y: number, s: number, angle = 0): string {
  const segments = [-2, -1, 0, 1, 2]
    .map((i) => {
      const r = (1 - Math.abs(i) * 0.22) * 34 * s;
      const cx = x + i * 34 * s;
      const cy = y + Math.abs(i) * Math.abs(i) * 7 * s;
      return `<ellipse cx="${cx}" cy="${cy}" rx="${r * 0.75}" ry="${r}" fill="${i % 2 ? '#d9953f' : '#e7a94e'}" stroke="#b8742c" stroke-width="${3 * s}" transform="rotate(${i * 12} ${cx} ${cy})"/>`;
    })
    .join('');
  return `<g transform="rotate(${angle} ${x} ${y})">${segments}<ellipse cx="${x - 10 * s}" cy="${y - 14 * s}" rx="${14 * s}" ry="${6 * s}" fill="#fff3c8" opacity="0.5"/></g>`;
}

/** A round loaf (front view) with its scored top. */
const loaf = (x: number, y: number, s: number) =>
  `<path d="M${x - 80 * s} ${y} Q${x - 86 * s} ${y - 96 * s} ${x} ${y - 100 * s} Q${x + 86 * s} ${y - 96 * s} ${x + 80 * s} ${y} z" fill="#c98a45"/><path d="M${x - 40 * s} ${y - 70 * s} q40 -16 80 0 M${x - 50 * s} ${y - 40 * s} q50 -16 100 0" stroke="#f0c98a" stroke-width="${6 * s}" fill="none"/>`;

const baguettes = (x: number, y: number) =>
  [-30, -8, 14, 34].map((a, i) => `<rect x="${x - 16}" y="${y - 300 + i * 8}" width="32" height="300" rx="16" fill="${i % 2 ? '#d49a52' : '#c68841'}" transform="rotate(${a / 3} ${x} ${y})"/>`).join('') +
  `<path d="M${x - 70} ${y - 110} h140 l-16 110 h-108 z" fill="#b08150"/><path d="M${x - 70} ${y - 80} h140 M${x - 66} ${y - 50} h132 M${x - 62} ${y - 20} h124" stroke="#8a6138" stroke-width="6"/>`;

const cakeStand = (x: number, y: number, cream: string, berry: string) =>
  `${rect(x - 10, y - 60, 20, 60, '#e9e3d9')}<ellipse cx="${x}" cy="${y}" rx="70" ry="12" fill="#e9e3d9"/><ellipse cx="${x}" cy="${y - 60}" rx="130" ry="18" fill="#f4efe6"/>` +
  `${rect(x - 110, y - 200, 220, 140, cream, 'rx="14"')}${rect(x - 110, y - 140, 220, 16, berry, 'opacity="0.8"')}<ellipse cx="${x}" cy="${y - 200}" rx="110" ry="18" fill="#fff8ee"/>` +
  [-70, -25, 20, 65].map((dx) => `<circle cx="${x + dx}" cy="${y - 212}" r="13" fill="${berry}"/>`).join('');

/** A cup of coffee on its saucer, front view. */
export const cup = (x: number, y: number, s: number, body: string) =>
  `<ellipse cx="${x}" cy="${y}" rx="${72 * s}" ry="${14 * s}" fill="#e9e4dc"/><path d="M${x - 50 * s} ${y - 90 * s} h${100 * s} l${-10 * s} ${80 * s} q${-40 * s} ${14 * s} ${-80 * s} 0 z" fill="${body}"/><path d="M${x + 46 * s} ${y - 70 * s} q${36 * s} 0 ${28 * s} ${30 * s} q${-6 * s} ${16 * s} ${-34 * s} ${14 * s}" fill="none" stroke="${body}" stroke-width="${9 * s}"/>`;

/** A cup seen from above with a latte-art heart. */
export const latteTop = (x: number, y: number, s: number, mug = '#f6f2ea') =>
  `<circle cx="${x}" cy="${y}" r="${150 * s}" fill="#ece6dc"/><circle cx="${x}" cy="${y}" r="${100 * s}" fill="${mug}"/><circle cx="${x}" cy="${y}" r="${84 * s}" fill="#b07a4a"/><path d="M${x} ${y + 44 * s} C${x - 70 * s} ${y - 6 * s} ${x - 40 * s} ${y - 60 * s} ${x} ${y - 24 * s} C${x + 40 * s} ${y - 60 * s} ${x + 70 * s} ${y - 6 * s} ${x} ${y + 44 * s} z" fill="#f6e8d4"/><rect x="${x + 96 * s}" y="${y - 16 * s}" width="${46 * s}" height="${32 * s}" rx="${14 * s}" fill="${mug}"/>`;

const beans = (points: readonly (readonly [number, number])[]) =>
  points.map(([x, y], i) => `<ellipse cx="${x}" cy="${y}" rx="16" ry="11" fill="#4a2c1a" transform="rotate(${i * 47} ${x} ${y})"/><path d="M${x - 10} ${y} q10 -4 20 0" stroke="#2a170c" stroke-width="3" fill="none" transform="rotate(${i * 47} ${x} ${y})"/>`).join('');

/** A pizza from above: crust, sauce, cheese, toppings and the cuts. */
export function pizzaTop(x: number, y: number, r: number, topping = '#b8382c'): string {
  const toppings = Array.from({ length: 11 }, (_, i) => {
    const a = i * 2.4;
    const d = r * (0.25 + ((i * 37) % 50) / 100);
    return `<circle cx="${x + Math.cos(a) * d}" cy="${y + Math.sin(a) * d}" r="${r * 0.09}" fill="${topping}"/>`;
  }).join('');
  const basil = [0.6, 2.2, 4.1].map((a) => `<ellipse cx="${x + Math.cos(a) * r * 0.5}" cy="${y + Math.sin(a) * r * 0.5}" rx="${r * 0.07}" ry="${r * 0.04}" fill="#3f7d3a" transform="rotate(${a * 50} ${x + Math.cos(a) * r * 0.5} ${y + Math.sin(a) * r * 0.5})"/>`).join('');
  const cuts = [0, 45, 90, 135].map((a) => `<line x1="${x - r}" y1="${y}" x2="${x + r}" y2="${y}" stroke="#e9c77c" stroke-width="4" transform="rotate(${a} ${x} ${y})"/>`).join('');
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="#d99b4e"/><circle cx="${x}" cy="${y}" r="${r * 0.88}" fill="#c7442e"/><circle cx="${x}" cy="${y}" r="${r * 0.84}" fill="#f2cf6b"/>${toppings}${basil}${cuts}`;
}

const plate = (x: number, y: number, r: number, food: string) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#f7f5f0"/><circle cx="${x}" cy="${y}" r="${r * 0.72}" fill="#eeebe4"/>${food}`;
const fork = (x: number, y: number, angle: number) => `<g transform="rotate(${angle} ${x} ${y})" fill="#b9bcc0">${rect(x - 6, y, 12, 210, '#b9bcc0', 'rx="6"')}${[-18, -6, 6, 18].map((dx) => rect(x + dx - 3, y - 80, 6, 70, '#b9bcc0', 'rx="3"')).join('')}${rect(x - 22, y - 16, 44, 24, '#b9bcc0', 'rx="10"')}</g>`;
const knife = (x: number, y: number, angle: number) => `<g transform="rotate(${angle} ${x} ${y})">${rect(x - 7, y, 14, 200, '#b9bcc0', 'rx="7"')}<path d="M${x - 9} ${y} V${y - 110} q18 10 18 60 V${y} z" fill="#d2d5d9"/></g>`;
const wineGlass = (x: number, y: number, wine: string) => `<circle cx="${x}" cy="${y}" r="62" fill="#ffffff" opacity="0.5"/><circle cx="${x}" cy="${y}" r="44" fill="${wine}" opacity="0.85"/><circle cx="${x - 18}" cy="${y - 18}" r="10" fill="#fff" opacity="0.6"/>`;

/** A burger from the side: bun, lettuce, cheese, patty. */
export const burger = (x: number, y: number, s: number) =>
  `${rect(x - 110 * s, y - 40 * s, 220 * s, 40 * s, '#d6934a', `rx="${16 * s}"`)}${rect(x - 116 * s, y - 80 * s, 232 * s, 44 * s, '#5a3322', `rx="${20 * s}"`)}<path d="M${x - 118 * s} ${y - 84 * s} h${236 * s} l${-30 * s} ${30 * s} l${-30 * s} ${-20 * s} l${-40 * s} ${26 * s} z" fill="#f2c230"/><path d="M${x - 124 * s} ${y - 96 * s} q${31 * s} ${24 * s} ${62 * s} 0 t${62 * s} 0 t${62 * s} 0 t${62 * s} 0" fill="#6cae4a"/><path d="M${x - 116 * s} ${y - 96 * s} Q${x - 110 * s} ${y - 210 * s} ${x} ${y - 212 * s} Q${x + 110 * s} ${y - 210 * s} ${x + 116 * s} ${y - 96 * s} z" fill="#e0a052"/>` +
  [-60, -20, 25, 62].map((dx, i) => `<ellipse cx="${x + dx * s}" cy="${y - (160 + (i % 2) * 20) * s}" rx="${6 * s}" ry="${3 * s}" fill="#fff4d6"/>`).join('');

const fries = (x: number, y: number) =>
  `${Array.from({ length: 9 }, (_, i) => rect(x - 60 + i * 14, y - 190 + (i % 3) * 16, 14, 120, '#f4c54c', `rx="4" transform="rotate(${(i - 4) * 3} ${x} ${y})"`)).join('')}<path d="M${x - 70} ${y - 110} h140 l-14 110 h-112 z" fill="#d6382c"/><circle cx="${x}" cy="${y - 60}" r="22" fill="#f4c54c"/>`;

const soda = (x: number, y: number) => `<path d="M${x - 46} ${y - 200} h92 l-10 200 h-72 z" fill="#e84a3c"/>${rect(x - 50, y - 214, 100, 18, '#ffffff', 'rx="6"')}${rect(x + 6, y - 300, 10, 100, '#ffffff', 'transform="rotate(12 ${x} ${y})"')}${rect(x - 30, y - 140, 60, 44, '#ffffff', 'opacity="0.85" rx="6"')}`;

const fruitCrate = (x: number, y: number, fruit: string, shine = '#ffffff') =>
  `${Array.from({ length: 7 }, (_, i) => `<circle cx="${x - 96 + i * 32}" cy="${y - 110 - (i % 2) * 22}" r="30" fill="${fruit}"/><circle cx="${x - 104 + i * 32}" cy="${y - 120 - (i % 2) * 22}" r="8" fill="${shine}" opacity="0.4"/>`).join('')}${rect(x - 130, y - 100, 260, 100, '#b98a55', 'rx="4"')}${rect(x - 130, y - 64, 260, 8, '#8f6538')}${rect(x - 130, y - 30, 260, 8, '#8f6538')}`;

const chalkMenu = (x: number, y: number, lines: number) =>
  framed(x, y, 300, 380, '#6b4a33', '#2b3530', Array.from({ length: lines }, (_, i) => rect(x + 36, y + 60 + i * 60, 150 + ((i * 53) % 80), 10, '#e9e4d8', 'opacity="0.8" rx="5"') + rect(x + 230, y + 60 + i * 60, 34, 10, '#f2c36b', 'rx="5"')).join(''));

function bakeryCounter(): SceneLayers {
  const shelfLoaves = [150, 330, 510].map((x) => loaf(x, 420, 0.8)).join('') + [720, 860].map((x) => loaf(x, 420, 0.7)).join('');
  return counterView({
    id: 'bk1', wall: ['#f4e7d3', '#e8d3b6'], counter: ['#9a6b45', '#b9875c'], floor: ['#c7a582', '#a98661'],
    back: wallShelf(60, 420, 960, '#8a5e3b') + shelfLoaves + chalkMenu(650, 500, 5) + baguettes(200, 620) + baguettes(300, 620) + wallShelf(60, 620, 460, '#8a5e3b'),
    lamps: pendantLamp('bk1-a', 270, 140, '#2f5d50') + pendantLamp('bk1-b', 810, 100, '#2f5d50'),
    onCounter: `<ellipse cx="260" cy="${counterTop + 4}" rx="200" ry="22" fill="#6b4a33"/>${croissant(180, counterTop - 40, 1.1, -6)}${croissant(330, counterTop - 36, 1.05, 8)}${croissant(255, counterTop - 90, 1, 0)}` + cakeStand(820, counterTop, '#f3d9e0', '#d2455b'),
  });
}

function bakeryTable(): SceneLayers {
  const flour = `<ellipse cx="560" cy="1700" rx="260" ry="90" fill="#ffffff" opacity="0.55"/>`;
  const rollingPin = `${rect(600, 1560, 420, 66, '#d9b07a', 'rx="33" transform="rotate(-18 800 1600)"')}`;
  const cupcake = (x: number, y: number, icing: string) => `<circle cx="${x}" cy="${y}" r="72" fill="#e7d3b2"/><circle cx="${x}" cy="${y}" r="58" fill="${icing}"/><path d="M${x - 30} ${y} a30 30 0 1 1 60 0 a20 20 0 1 1 -40 0" fill="none" stroke="#ffffff" stroke-width="8" opacity="0.5"/><circle cx="${x}" cy="${y - 4}" r="12" fill="#d2455b"/>`;
  return flatLay({
    id: 'bk2', surface: ['#b9875c', '#9a6b45'], grain: 'wood',
    items: plate(260, 290, 200, croissant(230, 260, 1.3, 20) + croissant(300, 340, 1.2, -30)) + loaf(760, 420, 1.7) + `<circle cx="760" cy="330" r="175" fill="#c98a45"/><path d="M660 280 q100 -40 200 0 M650 350 q110 -40 220 0 M670 420 q90 -30 180 0" stroke="#f0c98a" stroke-width="10" fill="none"/>` +
      cupcake(120, 1580, '#f3c6d3') + cupcake(280, 1760, '#f6e7c1') + flour + rollingPin + latteTop(930, 1820, 0.8),
  });
}

function cafeCounter(): SceneLayers {
  const machine = `${rect(420, counterTop - 330, 420, 330, '#c8ccd0', 'rx="18"')}${rect(420, counterTop - 330, 420, 60, '#9ba1a7', 'rx="18"')}${rect(450, counterTop - 250, 360, 90, '#2f3336', 'rx="10"')}` +
    [520, 740].map((x) => `${rect(x - 30, counterTop - 160, 60, 40, '#5b5f63')}${rect(x - 70, counterTop - 130, 110, 22, '#2b2b2b', 'rx="8"')}${cup(x, counterTop - 10, 0.6, '#ffffff')}`).join('') +
    `<circle cx="560" cy="${counterTop - 205}" r="20" fill="#e0b04a"/><circle cx="700" cy="${counterTop - 205}" r="20" fill="#9bd3c0"/>` + cup(460, counterTop - 340, 0.5, '#2f5d50') + cup(560, counterTop - 340, 0.5, '#e07a5f') + cup(660, counterTop - 340, 0.5, '#2f5d50');
  const grinder = `${rect(250, counterTop - 200, 110, 200, '#2f3336', 'rx="12"')}<path d="M255 ${counterTop - 200} l20 -120 h60 l20 120 z" fill="#9bd3c0" opacity="0.7"/>${beans([[295, counterTop - 250], [320, counterTop - 270], [285, counterTop - 280]])}`;
  return counterView({
    id: 'cf1', wall: ['#3a3431', '#2c2725'], counter: ['#c9a27a', '#8f6a4c'], floor: ['#5b4434', '#3e2d22'],
    back: chalkMenu(90, 160, 5) + chalkMenu(690, 160, 5) + wallShelf(410, 420, 260, '#8a5e3b') + cup(470, 420, 0.6, '#f6f2ea') + cup(600, 420, 0.6, '#e0b04a'),
    lamps: pendantLamp('cf1-a', 200, 380, '#1f1d1b') + pendantLamp('cf1-b', 900, 420, '#1f1d1b'),
    onCounter: machine + grinder + cup(120, counterTop, 0.9, '#f6f2ea') + cup(960, counterTop, 0.9, '#2f5d50'),
  });
}

function cafeTable(): SceneLayers {
  return flatLay({
    id: 'cf2', surface: ['#e9e6e1', '#d9d5cf'], grain: 'marble',
    items: latteTop(280, 330, 1.25) + latteTop(820, 250, 0.95, '#2f5d50') + plate(820, 560, 130, croissant(815, 555, 1.2, -20)) +
      beans([[120, 640], [170, 690], [90, 730], [520, 170], [580, 130], [940, 1600], [990, 1650]]) + latteTop(250, 1690, 1.05, '#e07a5f') + `${rect(640, 1580, 300, 220, '#f4efe6', 'rx="8" transform="rotate(8 790 1690)"')}${rect(670, 1620, 200, 10, '#c0563f', 'transform="rotate(8 790 1690)"')}`,
  });
}

function restaurantTable(): SceneLayers {
  const steak = `<ellipse cx="300" cy="360" rx="90" ry="60" fill="#7a3b24"/><path d="M240 340 l120 40 M250 370 l100 30" stroke="#4a2212" stroke-width="8"/><circle cx="210" cy="430" r="30" fill="#6cae4a"/><circle cx="380" cy="440" r="26" fill="#e8a23c"/><circle cx="350" cy="280" r="22" fill="#6cae4a"/>`;
  const salad = `${[0, 1, 2, 3, 4, 5, 6].map((i) => `<ellipse cx="${780 + Math.cos(i) * 60}" cy="${1640 + Math.sin(i) * 60}" rx="50" ry="28" fill="${i % 2 ? '#7fbf5a' : '#5c9a40'}" transform="rotate(${i * 50} ${780 + Math.cos(i) * 60} ${1640 + Math.sin(i) * 60})"/>`).join('')}<circle cx="760" cy="1620" r="20" fill="#d2453b"/><circle cx="820" cy="1670" r="18" fill="#d2453b"/>`;
  return flatLay({
    id: 'rs1', surface: ['#2f3a36', '#26302c'], grain: 'linen',
    items: `${rect(60, 120, 500, 560, '#e9e2d4', 'rx="10" opacity="0.9"')}` + plate(310, 360, 210, steak) + fork(600, 420, 0) + knife(80, 430, 0) + wineGlass(820, 300, '#7a1f2b') + wineGlass(950, 500, '#7a1f2b') +
      plate(780, 1640, 190, salad) + `<circle cx="260" cy="1700" r="120" fill="#f7f5f0"/><circle cx="260" cy="1700" r="84" fill="#e8c05a"/>${[0, 1, 2, 3, 4].map((i) => rect(170 + i * 34, 1640, 20, 120, '#f4e4b0', 'rx="10"')).join('')}` + `<circle cx="540" cy="1780" r="30" fill="#f3efe6"/><rect x="528" y="1700" width="24" height="60" rx="8" fill="#f6d27a"/>`,
  });
}

function restaurantFront(): SceneLayers {
  const table = (x: number) => `${rect(x - 90, 940, 180, 14, '#6b4a33')}${rect(x - 8, 950, 16, 120, '#6b4a33')}<rect x="${x - 10}" y="900" width="20" height="40" rx="6" fill="#fff2c4"/><circle cx="${x}" cy="890" r="40" fill="#ffd27a" opacity="0.45"/>`;
  return shopFront({
    id: 'rs2', time: 'dusk', wall: '#7b3b32', awning: ['#2f4a3e', '#e9dcc4'],
    sign: `<g transform="translate(470 300) scale(0.45)">${fork(0, 80, 0)}</g><g transform="translate(610 300) scale(0.45)">${knife(0, 40, 0)}</g><circle cx="540" cy="360" r="56" fill="none" stroke="#2f4a3e" stroke-width="10"/>`,
    display: `${pendantLamp('rs2-in', 250, 660, '#2f4a3e')}${pendantLamp('rs2-in2', 540, 640, '#2f4a3e')}${table(240)}${table(540)}${rect(90, 1060, 600, 20, '#5a3a2a')}`,
    street: pavementSign(200, 1860, `<path d="M-30 -60 v80 M-44 -60 v30 M-16 -60 v30 M-44 -30 h28"/><path d="M30 -60 q20 20 0 50 v70"/><path d="M-50 70 h100"/>`) + pottedPlant(1000, 1300, 0.9, '#3b3531'),
  });
}

function pizzaTable(): SceneLayers {
  return flatLay({
    id: 'pz1', surface: ['#a77a52', '#8b6240'], grain: 'wood',
    items: `<circle cx="540" cy="380" r="330" fill="#c99a66"/>${rect(500, 30, 80, 60, '#c99a66', 'rx="20"')}` + pizzaTop(540, 380, 290) +
      `<circle cx="150" cy="1600" r="50" fill="#d2453b"/><circle cx="230" cy="1680" r="44" fill="#d2453b"/><circle cx="135" cy="1590" r="12" fill="#fff" opacity="0.35"/>` + [0, 1, 2, 3].map((i) => `<ellipse cx="${320 + i * 40}" cy="${1560 + i * 30}" rx="34" ry="18" fill="#3f7d3a" transform="rotate(${i * 40} ${320 + i * 40} ${1560 + i * 30})"/>`).join('') +
      `<path d="M700 1520 L960 1600 L760 1880 z" fill="#d99b4e"/><path d="M714 1540 L930 1606 L766 1840 z" fill="#f2cf6b"/><circle cx="790" cy="1640" r="26" fill="#b8382c"/><circle cx="840" cy="1740" r="22" fill="#b8382c"/>`,
  });
}

function pizzaOven(): SceneLayers {
  const bricks = Array.from({ length: 9 }, (_, row) => Array.from({ length: 7 }, (_, col) => rect(280 + col * 80 - (row % 2) * 40, 260 + row * 40, 76, 36, row % 3 ? '#b3573c' : '#a04c34', 'rx="3"')).join('')).join('');
  return counterView({
    id: 'pz2', wall: ['#f1e4cf', '#e2cfb2'], counter: ['#e6e1da', '#2f4a3e'], floor: ['#7c5a43', '#5b4131'],
    back: `<clipPath id="pz2-dome"><path d="M260 620 V420 Q540 140 820 420 V620 z"/></clipPath><g clip-path="url(#pz2-dome)">${bricks}</g><path d="M410 620 V520 Q540 400 670 520 V620 z" fill="#2a1a12"/><path d="M440 620 q40 -90 60 -40 q20 -90 50 -20 q30 -70 60 20 q20 -30 30 40 z" fill="#f39a2e"/><path d="M470 620 q30 -50 50 -10 q20 -60 40 0 q20 -30 30 10 z" fill="#ffd24a"/>${rect(240, 620, 600, 60, '#8a4a34')}` +
      wallShelf(40, 300, 200, '#6b4a33') + `<rect x="70" y="210" width="50" height="90" rx="10" fill="#5c8a3a"/><rect x="150" y="190" width="50" height="110" rx="10" fill="#c7442e"/>` + rect(900, 140, 18, 500, '#8a6138', 'rx="8"') + `<ellipse cx="909" cy="700" rx="80" ry="70" fill="#c99a66"/>`,
    onCounter: `<ellipse cx="300" cy="${counterTop - 20}" rx="220" ry="40" fill="#c99a66"/><ellipse cx="300" cy="${counterTop - 30}" rx="200" ry="34" fill="#f2cf6b"/>` + [200, 260, 330, 390].map((x, i) => `<ellipse cx="${x}" cy="${counterTop - 32 - (i % 2) * 8}" rx="20" ry="7" fill="#b8382c"/>`).join('') + `${rect(700, counterTop - 90, 70, 90, '#3f7d3a', 'rx="10"')}<ellipse cx="735" cy="${counterTop - 110}" rx="60" ry="40" fill="#5c9a40"/>${rect(830, counterTop - 150, 44, 150, '#2f4a3e', 'rx="8"')}${rect(880, counterTop - 120, 44, 120, '#e8c05a', 'rx="8"')}`,
  });
}

function burgerCounter(): SceneLayers {
  return counterView({
    id: 'bg1', wall: ['#f6d34f', '#eebd2e'], counter: ['#2b2b2b', '#d6382c'], floor: ['#3b3b3b', '#262626'],
    back: [120, 420, 720].map((x) => framed(x, 170, 240, 300, '#2b2b2b', '#fff8e6', burger(x + 120, 400, 0.85))).join('') + rect(0, 560, 1080, 40, '#2b2b2b'),
    onCounter: `${rect(120, counterTop - 20, 820, 20, '#a9432f', 'rx="6"')}` + burger(380, counterTop - 20, 1.25) + fries(680, counterTop - 20) + soda(870, counterTop - 20),
  });
}

function groceryCounter(): SceneLayers {
  const jars = (y: number) => [100, 220, 340, 460, 600, 720, 840, 960].map((x, i) => `${rect(x - 40, y - 120, 80, 120, ['#e7c27a', '#b9784f', '#d2453b', '#6cae4a'][i % 4]!, 'rx="12"')}${rect(x - 44, y - 136, 88, 22, '#8b6a4a', 'rx="6"')}`).join('');
  return counterView({
    id: 'gr1', wall: ['#e8efe3', '#d5e2cc'], counter: ['#8f6538', '#b98a55'], floor: ['#bfb5a6', '#9c9284'],
    back: wallShelf(40, 300, 1000, '#8f6538') + jars(300) + wallShelf(40, 560, 1000, '#8f6538') + jars(560),
    onCounter: fruitCrate(180, counterTop, '#d2453b') + fruitCrate(460, counterTop, '#f29a2e') + fruitCrate(740, counterTop, '#9cc43c') +
      `<path d="M900 ${counterTop} q-40 -140 -10 -230 M940 ${counterTop} q0 -160 30 -240 M980 ${counterTop} q30 -130 70 -200" stroke="#3f7d3a" stroke-width="30" fill="none" stroke-linecap="round"/>`,
  });
}

function groceryFront(): SceneLayers {
  return shopFront({
    id: 'gr2', time: 'day', wall: '#5c8a6a', awning: ['#3f7d3a', '#f6f2ea'],
    sign: `<circle cx="500" cy="360" r="46" fill="#d2453b"/><path d="M500 316 q10 -30 30 -34" stroke="#3f7d3a" stroke-width="8" fill="none"/><circle cx="590" cy="370" r="40" fill="#f29a2e"/>`,
    display: jarsRow(760) + jarsRow(960),
    street: `<g transform="translate(0 ${1860 - counterTop})">${fruitCrate(200, counterTop, '#d2453b')}${fruitCrate(200, counterTop - 110, '#9cc43c')}${fruitCrate(480, counterTop, '#f29a2e')}</g>` + pottedPlant(1000, 1300, 0.9, '#c46f4c'),
  });
}

const jarsRow = (y: number) => `${rect(90, y, 600, 14, '#8f6538')}` + [150, 250, 350, 450, 550, 640].map((x, i) => rect(x - 36, y - 110, 72, 110, ['#e7c27a', '#d2453b', '#6cae4a', '#b9784f'][i % 4]!, 'rx="12"')).join('');

function groceryFlatLay(): SceneLayers {
  const pile = (x: number, y: number, fill: string, count: number) =>
    Array.from({ length: count }, (_, i) => `<circle cx="${x + Math.cos(i * 2.4) * (i * 14)}" cy="${y + Math.sin(i * 2.4) * (i * 14)}" r="46" fill="${fill}"/><circle cx="${x - 14 + Math.cos(i * 2.4) * (i * 14)}" cy="${y - 14 + Math.sin(i * 2.4) * (i * 14)}" r="12" fill="#ffffff" opacity="0.35"/>`).join('');
  const carrots = [0, 1, 2].map((i) => `<path d="M${700 + i * 50} 1540 l30 300 l30 -300 z" fill="#f08a2c"/><path d="M${730 + i * 50} 1540 l-30 -80 M${730 + i * 50} 1540 l0 -90 M${730 + i * 50} 1540 l30 -80" stroke="#4f9a3c" stroke-width="12"/>`).join('');
  return flatLay({
    id: 'gr3', surface: ['#e9e2d4', '#dcd3c2'], grain: 'wood',
    items: `${rect(80, 90, 420, 420, '#b98a55', 'rx="16"')}${pile(290, 300, '#d2453b', 9)}${rect(580, 110, 400, 400, '#b98a55', 'rx="16"')}${pile(780, 310, '#f29a2e', 9)}` +
      `<path d="M140 1520 h300 l30 340 h-360 z" fill="#d9b98a"/>${[0, 1, 2].map((i) => `<circle cx="${220 + i * 80}" cy="${1520 - (i % 2) * 30}" r="60" fill="#6cae4a"/>`).join('')}` + carrots + `<circle cx="960" cy="1600" r="60" fill="#f2d23c"/>`,
  });
}

function cafeFront(): SceneLayers {
  return shopFront({
    id: 'cf3', time: 'day', wall: '#2f4a5e', awning: ['#e9dcc4', '#2f4a5e'],
    sign: `<g transform="translate(540 400)">${cup(0, 0, 0.9, '#6b4a33')}<path d="M-20 -110 q-12 -20 0 -40 M10 -110 q-12 -20 0 -40" stroke="#6b4a33" stroke-width="7" fill="none"/></g>`,
    display: `${rect(90, 960, 600, 16, '#6b4a33')}${cakeStand(240, 960, '#f3d9e0', '#d2453b')}${croissant(470, 930, 0.9)}${croissant(600, 940, 0.8, 10)}${pendantLamp('cf3-l', 380, 640, '#2f4a5e')}`,
    street: pavementSign(230, 1860, `<path d="M-40 -20 h70 l-8 60 h-54 z"/><path d="M30 -10 q24 0 18 22 q-4 12 -22 10"/><path d="M-10 -40 q-8 -14 0 -28 M10 -40 q-8 -14 0 -28"/><path d="M-50 70 h100"/>`) + pottedPlant(1010, 1300, 0.8, '#e9dcc4'),
  });
}

export const foodScenes = { bakeryCounter, bakeryTable, cafeCounter, cafeTable, cafeFront, restaurantTable, restaurantFront, pizzaTable, pizzaOven, burgerCounter, groceryCounter, groceryFront, groceryFlatLay };
