import { pendantLamp, pottedPlant, rect } from '../../../providers/image-generation/scene-parts.ts';
import { counterTop, counterView, flatLay, pavementSign, shopFront, wallShelf, type SceneLayers } from './layouts.ts';

/** Clothing and shoe shops, florists, electronics, gyms and yoga studios. */

const hanger = (x: number, y: number) => `<path d="M${x} ${y} v-24 q0 -16 14 -16" stroke="#8a8f94" stroke-width="5" fill="none"/><path d="M${x - 70} ${y + 40} L${x} ${y} L${x + 70} ${y + 40}" stroke="#8a8f94" stroke-width="6" fill="none"/>`;

/** A shirt, a dress or a coat hanging from a rail at y. */
function garment(x: number, y: number, kind: 'shirt' | 'dress' | 'coat', fill: string): string {
  const body =
    kind === 'dress'
      ? `<path d="M${x - 50} ${y + 34} h100 l-10 110 l80 240 h-240 l80 -240 z" fill="${fill}"/>`
      : kind === 'coat'
        ? `<path d="M${x - 80} ${y + 36} h160 l40 60 v360 h-240 v-360 z" fill="${fill}"/><path d="M${x} ${y + 40} v410" stroke="#000" stroke-width="4" opacity="0.2"/>`
        : `<path d="M${x - 80} ${y + 36} h160 l50 70 l-40 30 l-20 -24 v220 h-140 v-220 l-20 24 l-40 -30 z" fill="${fill}"/><path d="M${x - 24} ${y + 36} l24 30 l24 -30" fill="#ffffff" opacity="0.6"/>`;
  return hanger(x, y) + body;
}

const rail = (x: number, y: number, w: number) => `${rect(x, y - 20, w, 10, '#8a8f94', 'rx="5"')}${rect(x - 6, y - 60, 12, 1100, '#8a8f94')}${rect(x + w - 6, y - 60, 12, 1100, '#8a8f94')}`;

const folded = (x: number, y: number, colours: readonly string[]) => colours.map((c, i) => rect(x - 90, y - 44 * (i + 1), 180, 40, c, 'rx="10"')).join('');

/** A sneaker from the side, its sole on y. */
export const sneaker = (x: number, y: number, s: number, upper: string, accent = '#ffffff') =>
  `<path d="M${x - 110 * s} ${y - 20 * s} V${y - 100 * s} q${30 * s} ${-14 * s} ${60 * s} 0 l${40 * s} ${30 * s} q${60 * s} ${10 * s} ${110 * s} ${40 * s} q${20 * s} ${14 * s} ${16 * s} ${30 * s} z" fill="${upper}"/>${rect(x - 114 * s, y - 24 * s, 244 * s, 24 * s, accent, `rx="${10 * s}"`)}<path d="M${x - 40 * s} ${y - 70 * s} l${50 * s} ${26 * s}" stroke="${accent}" stroke-width="${8 * s}"/>`;

/** A sneaker from above, toe up. */
const sneakerTop = (x: number, y: number, angle: number, upper: string) =>
  `<g transform="rotate(${angle} ${x} ${y})"><ellipse cx="${x}" cy="${y}" rx="80" ry="190" fill="#f4f1ec"/><ellipse cx="${x}" cy="${y + 6}" rx="66" ry="172" fill="${upper}"/><ellipse cx="${x}" cy="${y + 90}" rx="40" ry="56" fill="#2b2b2b" opacity="0.8"/>${[0, 1, 2, 3].map((i) => rect(x - 30, y - 60 + i * 26, 60, 7, '#ffffff', 'rx="3"')).join('')}</g>`;

const bouquet = (x: number, y: number, s: number, petals: readonly string[]) =>
  `${[-30, -10, 10, 30].map((a) => `<path d="M${x} ${y} L${x + a * 2 * s} ${y - 200 * s}" stroke="#4c7448" stroke-width="${6 * s}"/>`).join('')}` +
  [[-70, -220], [0, -250], [70, -220], [-35, -180], [40, -175], [-90, -160], [95, -160]].map(([dx, dy], i) => `<circle cx="${x + dx! * s}" cy="${y + dy! * s}" r="${40 * s}" fill="${petals[i % petals.length]}"/><circle cx="${x + dx! * s}" cy="${y + dy! * s}" r="${14 * s}" fill="#ffffff" opacity="0.45"/>`).join('') +
  `<path d="M${x - 60 * s} ${y - 120 * s} L${x} ${y + 40 * s} L${x + 60 * s} ${y - 120 * s} z" fill="#f2e8d8"/>`;

const bucket = (x: number, y: number, petals: readonly string[]) => bouquet(x, y - 150, 1, petals) + `<path d="M${x - 80} ${y - 180} h160 l-20 180 h-120 z" fill="#8a9ba3"/>`;

const flowerTop = (x: number, y: number, r: number, petal: string) =>
  Array.from({ length: 6 }, (_, i) => `<ellipse cx="${x + Math.cos((i * Math.PI) / 3) * r * 0.55}" cy="${y + Math.sin((i * Math.PI) / 3) * r * 0.55}" rx="${r * 0.45}" ry="${r * 0.3}" fill="${petal}" transform="rotate(${i * 60} ${x + Math.cos((i * Math.PI) / 3) * r * 0.55} ${y + Math.sin((i * Math.PI) / 3) * r * 0.55})"/>`).join('') + `<circle cx="${x}" cy="${y}" r="${r * 0.3}" fill="#f2c230"/>`;

/** A phone standing on a little stand, screen lit. */
const phone = (x: number, y: number, s: number, screen: string) =>
  `<path d="M${x - 40 * s} ${y} l${20 * s} ${-30 * s} h${40 * s} l${20 * s} ${30 * s} z" fill="#8a8f94"/>${rect(x - 70 * s, y - 290 * s, 140 * s, 270 * s, '#1f2226', `rx="${18 * s}"`)}${rect(x - 60 * s, y - 278 * s, 120 * s, 246 * s, screen, `rx="${10 * s}"`)}<circle cx="${x + 20 * s}" cy="${y - 200 * s}" r="${30 * s}" fill="#ffffff" opacity="0.35"/>`;

const laptopFront = (x: number, y: number, screen: string) =>
  `${rect(x - 190, y - 270, 380, 250, '#2b2f33', 'rx="12"')}${rect(x - 174, y - 256, 348, 222, screen, 'rx="4"')}${rect(x - 140, y - 210, 180, 16, '#ffffff', 'opacity="0.6" rx="8"')}${rect(x - 140, y - 180, 120, 12, '#ffffff', 'opacity="0.4" rx="6"')}<path d="M${x - 230} ${y} l30 -24 h400 l30 24 z" fill="#b9bcc0"/>`;

const headphones = (x: number, y: number) => `<path d="M${x - 80} ${y - 20} V${y - 90} a80 80 0 0 1 160 0 V${y - 20}" stroke="#2b2b2b" stroke-width="16" fill="none"/>${rect(x - 104, y - 80, 48, 80, '#e0614a', 'rx="18"')}${rect(x + 56, y - 80, 48, 80, '#e0614a', 'rx="18"')}`;

const dumbbell = (x: number, y: number, s: number, fill: string) => `${rect(x - 90 * s, y - 8 * s, 180 * s, 16 * s, '#9ea2a6', `rx="${6 * s}"`)}${rect(x - 110 * s, y - 44 * s, 44 * s, 88 * s, fill, `rx="${12 * s}"`)}${rect(x + 66 * s, y - 44 * s, 44 * s, 88 * s, fill, `rx="${12 * s}"`)}`;

const mat = (x: number, y: number, w: number, fill: string) => `<path d="M${x - w / 2 + 60} ${y - 120} h${w - 120} l60 240 h${-w} z" fill="${fill}"/><path d="M${x - w / 2} ${y + 120} h${w} v14 h${-w} z" fill="#000" opacity="0.15"/>`;

function clothingRack(): SceneLayers {
  const colours = ['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f', '#d98a94'] as const;
  return counterView({
    id: 'cl1', wall: ['#f1ede6', '#e4ddd2'], floor: ['#c9b79c', '#a88f72'],
    back: rail(80, 260, 920) + [180, 340, 500, 660, 820].map((x, i) => garment(x, 260, (['shirt', 'dress', 'coat', 'shirt', 'dress'] as const)[i]!, colours[i]!)).join(''),
    lamps: pendantLamp('cl1-a', 300, 80, '#2b2b2b') + pendantLamp('cl1-b', 780, 80, '#2b2b2b'),
    onCounter: `${rect(380, counterTop - 120, 320, 120, '#e4ddd2', 'rx="6"')}${folded(460, counterTop - 120, ['#3d405b', '#81b29a', '#f2cc8f'])}${folded(620, counterTop - 120, ['#e07a5f', '#f1ede6'])}` + pottedPlant(980, counterTop, 1.1, '#3d405b'),
  });
}

function clothingFront(): SceneLayers {
  const mannequin = (x: number, fill: string) => `<circle cx="${x}" cy="700" r="40" fill="#e8d5c4"/>${rect(x - 10, 736, 20, 30, '#e8d5c4')}<path d="M${x - 70} 770 h140 l-10 120 l60 170 h-240 l60 -170 z" fill="${fill}"/>`;
  return shopFront({
    id: 'cl2', time: 'day', wall: '#d9c6b0', awning: ['#3d405b', '#f1ede6'],
    sign: `<g transform="translate(0 -40)">${hanger(540, 400)}</g><path d="M470 400 h140 l20 20 h-180 z" fill="#3d405b"/>`,
    display: mannequin(250, '#e07a5f') + mannequin(520, '#81b29a'),
    street: pottedPlant(1010, 1300, 0.8, '#3d405b') + `<g transform="translate(140 1700)">${rect(0, 0, 200, 160, '#f2cc8f', 'rx="8"')}<path d="M60 0 q40 -70 80 0" stroke="#3d405b" stroke-width="10" fill="none"/></g>`,
  });
}

function shoeWall(): SceneLayers {
  const shelves = [260, 440, 620].map((y, row) => wallShelf(80, y, 920, '#e6dccd') + [220, 520, 820].map((x, i) => sneaker(x, y, 0.9, ['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f', '#2b2b2b', '#d98a94'][(row + i) % 6]!)).join('')).join('');
  return counterView({
    id: 'sh1', wall: ['#f3efe9', '#e5ddd2'], counter: ['#e6dccd', '#b8a58d'], floor: ['#9c8f80', '#7c7064'],
    back: shelves,
    onCounter: `${rect(180, counterTop - 130, 300, 130, '#e07a5f', 'rx="4"')}${rect(170, counterTop - 150, 320, 30, '#c65f45', 'rx="4"')}` + sneaker(700, counterTop, 1.5, '#3d405b') + sneaker(930, counterTop, 0.9, '#f2cc8f', '#2b2b2b'),
  });
}

function shoeFlatLay(): SceneLayers {
  return flatLay({
    id: 'sh2', surface: ['#d9d2c7', '#c9c0b3'], grain: 'wood',
    items: sneakerTop(330, 380, -14, '#e07a5f') + sneakerTop(560, 400, 10, '#e07a5f') + `${rect(700, 120, 300, 220, '#f2cc8f', 'rx="8" transform="rotate(12 850 230)"')}` +
      `<g transform="rotate(-10 300 1650)">${rect(130, 1560, 360, 220, '#3d405b', 'rx="6"')}${rect(130, 1560, 360, 40, '#2f3148', 'rx="6"')}</g>` + sneakerTop(820, 1640, 70, '#81b29a'),
  });
}

function floristCounter(): SceneLayers {
  return counterView({
    id: 'fl1', wall: ['#e9f0e6', '#d6e3d0'], counter: ['#8f6a4c', '#6b8f71'], floor: ['#bfb5a6', '#9c9284'],
    back: wallShelf(60, 430, 960, '#8f6a4c') + [160, 420, 680, 920].map((x, i) => pottedPlant(x, 430, 0.7, ['#c46f4c', '#f4efe6'][i % 2]!)).join(''),
    lamps: pendantLamp('fl1-a', 540, 90, '#6b8f71'),
    onCounter: bucket(200, counterTop, ['#e86a8a', '#f2a7b5', '#ffffff']) + bucket(460, counterTop, ['#f29a2e', '#f2c230', '#ffffff']) + bucket(720, counterTop, ['#8a5ac2', '#c9a7e8', '#ffffff']) + bucket(950, counterTop, ['#d2455b', '#f4d0c2']),
  });
}

function floristFlatLay(): SceneLayers {
  return flatLay({
    id: 'fl2', surface: ['#f3efe9', '#e6dfd5'], grain: 'linen',
    items: `<g transform="rotate(-30 540 420)">${bouquet(540, 620, 1.8, ['#e86a8a', '#f2a7b5', '#ffffff', '#f29a2e'])}</g>` + flowerTop(150, 1600, 70, '#f2a7b5') + flowerTop(300, 1740, 60, '#f29a2e') + flowerTop(880, 1620, 80, '#e86a8a') +
      `${rect(480, 1640, 240, 16, '#c9a15a', 'rx="8" transform="rotate(-20 600 1650)"')}`,
  });
}

function floristFront(): SceneLayers {
  return shopFront({
    id: 'fl3', time: 'day', wall: '#6b8f71', awning: ['#f2a7b5', '#ffffff'],
    sign: flowerTop(540, 360, 56, '#e86a8a'),
    display: bucket(240, 1060, ['#e86a8a', '#ffffff']) + bucket(520, 1060, ['#f29a2e', '#f2c230']),
    street: `<g transform="translate(0 ${1860 - counterTop})">${bucket(180, counterTop, ['#d2455b', '#f2a7b5'])}${bucket(400, counterTop, ['#8a5ac2', '#ffffff'])}</g>` + pottedPlant(1010, 1300, 0.9, '#c46f4c'),
  });
}

function electronicsCounter(): SceneLayers {
  return counterView({
    id: 'el1', wall: ['#e6ebf0', '#d3dbe3'], counter: ['#f7f8fa', '#2e3a46'], floor: ['#cfd5db', '#aab2ba'],
    back: wallShelf(80, 420, 920, '#ffffff') + [220, 540, 860].map((x) => headphones(x, 420)).join('') + `${rect(260, 520, 560, 300, '#1f2226', 'rx="12"')}${rect(276, 536, 528, 268, '#4a90c2', 'rx="4"')}<circle cx="540" cy="670" r="90" fill="#9bd3f0" opacity="0.5"/>`,
    onCounter: phone(170, counterTop, 1, '#e07a5f') + phone(330, counterTop, 1, '#81b29a') + laptopFront(640, counterTop, '#3d6fa0') + phone(940, counterTop, 0.8, '#f2cc8f'),
  });
}

function electronicsFlatLay(): SceneLayers {
  const laptopTop = `<g transform="rotate(-8 520 380)">${rect(200, 180, 640, 420, '#c9ccd2', 'rx="20"')}${rect(230, 210, 580, 290, '#8a8f94', 'rx="8"')}${rect(400, 520, 240, 60, '#b9bcc0', 'rx="8"')}</g>`;
  const phoneTop = (x: number, y: number, angle: number) => `<g transform="rotate(${angle} ${x} ${y})">${rect(x - 80, y - 160, 160, 320, '#1f2226', 'rx="24"')}${rect(x - 68, y - 146, 136, 292, '#3d6fa0', 'rx="14"')}</g>`;
  const watch = `${rect(880, 1520, 60, 320, '#2b2b2b', 'rx="20"')}${rect(850, 1620, 120, 130, '#1f2226', 'rx="30"')}${rect(864, 1634, 92, 102, '#81b29a', 'rx="22"')}`;
  return flatLay({
    id: 'el2', surface: ['#3a4048', '#2c3137'], grain: 'linen',
    items: laptopTop + phoneTop(260, 1660, -12) + watch + `${rect(500, 1640, 140, 100, '#f4f4f4', 'rx="40"')}<circle cx="540" cy="1690" r="16" fill="#d0d0d0"/><circle cx="600" cy="1690" r="16" fill="#d0d0d0"/>` + `<path d="M150 700 q120 60 60 160 t80 200" stroke="#f4f4f4" stroke-width="8" fill="none"/>`,
  });
}

function gymRack(): SceneLayers {
  return counterView({
    id: 'gy1', wall: ['#3a3f46', '#2c3036'], counter: ['#1f2226', '#2b2f33'], floor: ['#2b2b2b', '#1c1c1c'],
    back: `${rect(120, 120, 840, 560, '#4a5560', 'rx="8"')}${rect(136, 136, 808, 528, '#59656f', 'rx="4"')}<path d="M300 600 L500 200" stroke="#fff" stroke-width="50" opacity="0.08"/>` + `${rect(80, 700, 920, 14, '#9ea2a6')}${rect(140, 660, 20, 300, '#9ea2a6')}${rect(920, 660, 20, 300, '#9ea2a6')}` + `<g>${rect(60, 690, 960, 20, '#c9ccd2', 'rx="10"')}${rect(90, 640, 40, 120, '#e0614a', 'rx="8"')}${rect(950, 640, 40, 120, '#e0614a', 'rx="8"')}</g>`,
    onCounter: [160, 330, 500, 670, 840].map((x, i) => dumbbell(x, counterTop - 40, 0.75, ['#2b2b2b', '#e0614a', '#2b2b2b', '#f2c230', '#2b2b2b'][i]!)).join('') +
      `<path d="M960 ${counterTop - 20} q0 -80 50 -80 q50 0 50 80 z" fill="#2b2b2b"/><path d="M985 ${counterTop - 100} q25 -60 50 0" stroke="#2b2b2b" stroke-width="18" fill="none"/>`,
  });
}

function gymFlatLay(): SceneLayers {
  return flatLay({
    id: 'gy2', surface: ['#2f3338', '#24282c'], grain: 'linen',
    items: `<g transform="rotate(-20 400 380)">${dumbbell(400, 380, 2, '#e0614a')}</g>` + `${rect(780, 160, 130, 380, '#4a90c2', 'rx="40"')}${rect(800, 110, 90, 70, '#2b2b2b', 'rx="16"')}` +
      `<g transform="rotate(14 300 1680)">${rect(100, 1560, 400, 240, '#f2c230', 'rx="20"')}${rect(100, 1620, 400, 14, '#ffffff', 'opacity="0.5"')}</g>` + sneakerTop(820, 1650, 30, '#81b29a'),
  });
}

function yogaStudio(): SceneLayers {
  const window = `${rect(240, 120, 600, 640, '#cfe6f2', 'rx="300"')}<path d="M240 440 h600 M540 120 v640" stroke="#f4efe6" stroke-width="16"/>${rect(224, 104, 632, 672, 'none', 'rx="316" stroke="#f4efe6" stroke-width="20"')}`;
  return counterView({
    id: 'yg1', wall: ['#f4ede3', '#e9dccb'], floor: ['#d8b48a', '#b8926a'],
    back: window + pottedPlant(120, counterTop, 1.4, '#c46f4c') + pottedPlant(960, counterTop, 1.2, '#f4efe6', '#5f9a5c', '#467f48'),
    onCounter: mat(540, counterTop + 260, 620, '#8fb8a8') + `${rect(760, counterTop + 80, 120, 70, '#6b8f71', 'rx="10"')}${rect(780, counterTop + 30, 120, 70, '#8fb8a8', 'rx="10"')}`,
  });
}

function yogaFlatLay(): SceneLayers {
  return flatLay({
    id: 'yg2', surface: ['#e9dccb', '#dccbb5'], grain: 'wood',
    items: `<g transform="rotate(-6 540 360)">${rect(130, 120, 820, 440, '#8fb8a8', 'rx="20"')}${rect(130, 120, 820, 60, '#7aa696', 'rx="20"')}</g>` + `${rect(120, 1560, 200, 130, '#d98a94', 'rx="14"')}${rect(340, 1600, 200, 130, '#f2cc8f', 'rx="14"')}` +
      `<circle cx="860" cy="1720" r="130" fill="#f4efe6"/>${[0, 1, 2, 3, 4, 5, 6].map((i) => `<ellipse cx="${860 + Math.cos(i * 0.9) * 70}" cy="${1720 + Math.sin(i * 0.9) * 70}" rx="70" ry="30" fill="${i % 2 ? '#5f9a5c' : '#467f48'}" transform="rotate(${i * 52} ${860 + Math.cos(i * 0.9) * 70} ${1720 + Math.sin(i * 0.9) * 70})"/>`).join('')}` + `${rect(600, 1500, 110, 300, '#4a90c2', 'rx="36"')}`,
  });
}

function gymFront(): SceneLayers {
  return shopFront({
    id: 'gy3', time: 'dusk', wall: '#2c3036', awning: ['#e0614a', '#2b2b2b'],
    sign: dumbbell(540, 360, 0.8, '#e0614a'),
    display: `${rect(90, 980, 600, 90, '#3a3f46')}${dumbbell(260, 950, 0.8, '#2b2b2b')}${dumbbell(500, 950, 0.8, '#e0614a')}${rect(140, 680, 20, 300, '#9ea2a6')}${rect(620, 680, 20, 300, '#9ea2a6')}${rect(120, 700, 540, 14, '#c9ccd2')}`,
    street: pavementSign(220, 1860, `<path d="M-50 0 h100 M-50 -20 v40 M50 -20 v40 M-40 -14 v28 M40 -14 v28"/><path d="M-50 70 h100"/>`),
  });
}

function electronicsFront(): SceneLayers {
  return shopFront({
    id: 'el3', time: 'dusk', wall: '#2e3a46', awning: ['#4a90c2', '#f7f8fa'],
    sign: `<g transform="translate(540 410) scale(0.42) translate(-540 -1000)">${phone(540, 1000, 1, '#4a90c2')}</g>`,
    display: `${rect(90, 1000, 600, 70, '#f7f8fa')}` + phone(200, 1000, 0.9, '#e07a5f') + phone(350, 1000, 0.9, '#81b29a') + laptopFront(560, 1000, '#3d6fa0'),
    street: pavementSign(220, 1860, `<rect x="-30" y="-60" width="60" height="110" rx="10"/><path d="M-50 70 h100"/>`),
  });
}

export const retailScenes = { electronicsFront, clothingRack, clothingFront, shoeWall, shoeFlatLay, floristCounter, floristFlatLay, floristFront, electronicsCounter, electronicsFlatLay };
export const fitnessScenes = { gymRack, gymFlatLay, gymFront, yogaStudio, yogaFlatLay };
