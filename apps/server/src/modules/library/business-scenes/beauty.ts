import { pendantLamp, pottedPlant, rect } from '../../../providers/image-generation/scene-parts.ts';
import { counterTop, counterView, flatLay, framed, pavementSign, shopFront, wallShelf, type SceneLayers } from './layouts.ts';

/** Hair salons, barbers, nail bars and spas, skincare and jewellery. */

/** A pump or dropper bottle standing at (x, y). */
export const bottle = (x: number, y: number, w: number, h: number, body: string, cap: string, dropper = false) =>
  `${rect(x - w / 2, y - h, w, h, body, `rx="${w / 4}"`)}${rect(x - w / 2 + 8, y - h * 0.7, w - 16, h * 0.36, '#ffffff', 'opacity="0.55" rx="4"')}` +
  (dropper
    ? `${rect(x - w / 5, y - h - 30, (w * 2) / 5, 30, cap, 'rx="4"')}<ellipse cx="${x}" cy="${y - h - 48}" rx="${w / 5}" ry="26" fill="${cap}"/>`
    : `${rect(x - w / 6, y - h - 40, w / 3, 40, cap)}${rect(x - w / 6, y - h - 52, w * 0.55, 16, cap, 'rx="4"')}`);

/** A bottle lying on the table, seen from above. */
const bottleTop = (x: number, y: number, angle: number, body: string, cap: string) =>
  `<g transform="rotate(${angle} ${x} ${y})">${rect(x - 50, y - 160, 100, 260, body, 'rx="26"')}${rect(x - 26, y - 230, 52, 80, cap, 'rx="10"')}${rect(x - 30, y - 80, 60, 90, '#ffffff', 'opacity="0.5" rx="6"')}</g>`;

const jarTop = (x: number, y: number, r: number, lid: string) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${lid}"/><circle cx="${x}" cy="${y}" r="${r * 0.78}" fill="#ffffff" opacity="0.25"/>`;
const leaf = (x: number, y: number, angle: number, s = 1, fill = '#6f9b6a') =>
  `<g transform="rotate(${angle} ${x} ${y})"><ellipse cx="${x}" cy="${y - 70 * s}" rx="${30 * s}" ry="${70 * s}" fill="${fill}"/><path d="M${x} ${y} V${y - 130 * s}" stroke="#4c7448" stroke-width="${4 * s}"/></g>`;

const mirror = (x: number, y: number, w: number, h: number, frame: string) =>
  `${rect(x - 16, y - 16, w + 32, h + 32, frame, `rx="${w / 2 + 16}"`)}${rect(x, y, w, h, '#d9e6ea', `rx="${w / 2}"`)}<path d="M${x + w * 0.25} ${y + h * 0.8} L${x + w * 0.7} ${y + h * 0.2}" stroke="#fff" stroke-width="30" opacity="0.4"/>`;

/** A salon or barber chair seen from the front, standing on the floor at (x, y). */
const chair = (x: number, y: number, seat: string) =>
  `${rect(x - 90, y - 560, 180, 260, seat, 'rx="40"')}${rect(x - 130, y - 330, 260, 90, seat, 'rx="30"')}${rect(x - 150, y - 380, 40, 150, seat, 'rx="16"')}${rect(x + 110, y - 380, 40, 150, seat, 'rx="16"')}` +
  `${rect(x - 16, y - 240, 32, 200, '#b9bcc0')}<ellipse cx="${x}" cy="${y - 20}" rx="130" ry="26" fill="#9ea2a6"/>${rect(x - 70, y - 150, 140, 16, '#b9bcc0', 'rx="8"')}`;

const barberPole = (x: number, y: number, h: number) =>
  `<clipPath id="pole-${x}"><rect x="${x - 26}" y="${y}" width="52" height="${h}" rx="20"/></clipPath><rect x="${x - 26}" y="${y}" width="52" height="${h}" fill="#f6f2ea"/><g clip-path="url(#pole-${x})">${Array.from({ length: Math.ceil(h / 60) + 2 }, (_, i) => `<path d="M${x - 40} ${y + i * 60} l80 -40 v22 l-80 40 z" fill="${i % 2 ? '#2f4a8a' : '#c7372e'}"/>`).join('')}</g>${rect(x - 32, y - 20, 64, 24, '#b9bcc0', 'rx="10"')}${rect(x - 32, y + h - 4, 64, 24, '#b9bcc0', 'rx="10"')}`;

const scissors = (x: number, y: number, s: number, angle: number) =>
  `<g transform="rotate(${angle} ${x} ${y})" fill="none" stroke="#8a8f94" stroke-width="${10 * s}"><circle cx="${x - 30 * s}" cy="${y + 60 * s}" r="${26 * s}"/><circle cx="${x + 30 * s}" cy="${y + 60 * s}" r="${26 * s}"/><path d="M${x - 18 * s} ${y + 38 * s} L${x + 16 * s} ${y - 120 * s} M${x + 18 * s} ${y + 38 * s} L${x - 16 * s} ${y - 120 * s}" stroke="#b9bcc0"/></g>`;

const comb = (x: number, y: number, angle: number, fill: string) =>
  `<g transform="rotate(${angle} ${x} ${y})">${rect(x - 150, y - 20, 300, 30, fill, 'rx="8"')}${Array.from({ length: 18 }, (_, i) => rect(x - 140 + i * 16, y + 6, 8, 50, fill, 'rx="3"')).join('')}</g>`;

const polish = (x: number, y: number, colour: string) => `${rect(x - 34, y - 80, 68, 80, colour, 'rx="14"')}${rect(x - 16, y - 150, 32, 72, '#2b2b2b', 'rx="6"')}${rect(x - 22, y - 66, 14, 50, '#ffffff', 'opacity="0.45" rx="6"')}`;

const candle = (x: number, y: number) => `${rect(x - 40, y - 90, 80, 90, '#f4efe6', 'rx="8"')}<path d="M${x} ${y - 96} q-12 -24 0 -46 q12 22 0 46" fill="#f6b53c"/><circle cx="${x}" cy="${y - 110}" r="60" fill="#ffd27a" opacity="0.25"/>`;

const stones = (x: number, y: number) => [0, 1, 2, 3].map((i) => `<ellipse cx="${x}" cy="${y - 30 - i * 52}" rx="${110 - i * 22}" ry="30" fill="${i % 2 ? '#4a4a4a' : '#5d5d5d'}"/>`).join('');

const towelRoll = (x: number, y: number, fill: string) => `<rect x="${x - 110}" y="${y - 90}" width="220" height="90" rx="40" fill="${fill}"/><ellipse cx="${x + 90}" cy="${y - 45}" rx="26" ry="45" fill="#ffffff" opacity="0.3"/>`;

/** A ring seen from the front: the band in perspective and its stone. */
const ring = (x: number, y: number, s: number, stone = '#bfe6f5') =>
  `<ellipse cx="${x}" cy="${y}" rx="${60 * s}" ry="${70 * s}" fill="none" stroke="#e2b84a" stroke-width="${14 * s}"/><path d="M${x - 26 * s} ${y - 70 * s} l${26 * s} ${-40 * s} l${26 * s} ${40 * s} z" fill="${stone}" stroke="#ffffff" stroke-width="${3 * s}"/><circle cx="${x - 20 * s}" cy="${y - 30 * s}" r="${6 * s}" fill="#fff" opacity="0.8"/>`;

const necklaceBust = (x: number, y: number) =>
  `<path d="M${x - 110} ${y} Q${x - 120} ${y - 220} ${x - 50} ${y - 280} V${y - 380} H${x + 50} V${y - 280} Q${x + 120} ${y - 220} ${x + 110} ${y} z" fill="#2b2b2b"/><path d="M${x - 50} ${y - 300} Q${x} ${y - 180} ${x + 50} ${y - 300}" stroke="#e2b84a" stroke-width="5" fill="none"/><circle cx="${x}" cy="${y - 225}" r="14" fill="#bfe6f5" stroke="#e2b84a" stroke-width="4"/>`;

function salonChair(): SceneLayers {
  return counterView({
    id: 'sl1', wall: ['#f3dcd6', '#e8c6be'], floor: ['#efe7e1', '#d6ccc4'],
    back: mirror(350, 180, 380, 620, '#d7b56d') + wallShelf(820, 400, 200, '#d7b56d') + bottle(870, 400, 40, 100, '#f5d9c8', '#2b2b2b') + bottle(950, 400, 40, 120, '#2b2b2b', '#d7b56d') + pottedPlant(130, counterTop, 1.2, '#ffffff'),
    lamps: pendantLamp('sl1-a', 540, 90, '#d7b56d'),
    onCounter: chair(540, counterTop + 150, '#d98a94') + `${rect(840, counterTop - 200, 160, 200, '#ffffff', 'rx="10"')}${bottle(880, counterTop - 200, 40, 90, '#d98a94', '#2b2b2b')}${bottle(960, counterTop - 200, 36, 70, '#2b2b2b', '#d7b56d')}`,
  });
}

function salonTools(): SceneLayers {
  const dryer = `<g transform="rotate(-20 760 400)">${rect(620, 330, 300, 140, '#d98a94', 'rx="60"')}${rect(700, 440, 70, 220, '#d98a94', 'rx="24"')}<ellipse cx="920" cy="400" rx="30" ry="66" fill="#2b2b2b"/></g>`;
  return flatLay({
    id: 'sl2', surface: ['#f6ece8', '#eddcd5'], grain: 'linen',
    items: dryer + scissors(250, 330, 1.4, 30) + comb(260, 620, -8, '#2b2b2b') + bottleTop(160, 1640, -20, '#f5d9c8', '#d7b56d') + bottleTop(360, 1700, 10, '#2b2b2b', '#d7b56d') +
      `<circle cx="820" cy="1680" r="120" fill="#c98a5a"/>${Array.from({ length: 14 }, (_, i) => `<circle cx="${820 + Math.cos(i) * 80}" cy="${1680 + Math.sin(i) * 80}" r="10" fill="#2b2b2b"/>`).join('')}` + leaf(980, 900, -30, 1.2),
  });
}

function barberChair(): SceneLayers {
  const tiles = Array.from({ length: 12 }, (_, row) => Array.from({ length: 10 }, (_, col) => rect(col * 110, row * 80, 106, 76, '#f2efe9', 'rx="3"')).join('')).join('');
  return counterView({
    id: 'bb1', wall: ['#dcd6cc', '#cfc7bb'], floor: ['#2f2f2f', '#1f1f1f'],
    back: tiles + mirror(300, 160, 480, 620, '#2b2b2b') + barberPole(120, 240, 380) + wallShelf(840, 560, 200, '#6b4a33') + bottle(890, 560, 40, 110, '#6b4a33', '#2b2b2b') + bottle(970, 560, 44, 90, '#2f4a3e', '#d7b56d'),
    onCounter: chair(540, counterTop + 150, '#6b2e28') + `${rect(800, counterTop - 260, 240, 260, '#6b4a33', 'rx="6"')}${scissors(880, counterTop - 380, 0.8, 10)}${comb(960, counterTop - 280, -80, '#2b2b2b')}`,
  });
}

function barberFront(): SceneLayers {
  return shopFront({
    id: 'bb2', time: 'dusk', wall: '#2b2b2b', awning: ['#c7372e', '#f6f2ea'],
    sign: scissors(540, 350, 0.55, 90),
    display: `${mirror(160, 640, 220, 360, '#d7b56d')}${chair(520, 1180, '#6b2e28')}`,
    street: barberPole(1030, 700, 400) + pavementSign(220, 1860, `<circle cx="-20" cy="20" r="16"/><circle cx="20" cy="20" r="16"/><path d="M-10 6 L18 -60 M10 6 L-18 -60"/><path d="M-50 70 h100"/>`),
  });
}

function nailsSpa(): SceneLayers {
  return flatLay({
    id: 'nl1', surface: ['#f3e7ea', '#e9d6db'], grain: 'marble',
    items: polish(160, 420, '#d2455b') + polish(280, 460, '#f2a7b5') + polish(400, 400, '#8a2b4a') + polish(520, 450, '#f4d0c2') + leaf(850, 500, 30, 1.3) + leaf(930, 560, 70, 1.1, '#86b07f') +
      `<g transform="rotate(-12 300 1650)">${rect(120, 1600, 360, 120, '#ffffff', 'rx="40"')}${rect(120, 1680, 360, 40, '#f2a7b5', 'rx="20"')}</g>` + towelRoll(800, 1700, '#ffffff') + towelRoll(800, 1800, '#f2a7b5') + `<circle cx="540" cy="1800" r="50" fill="#f6e7c1"/><circle cx="540" cy="1800" r="24" fill="#ffffff"/>`,
  });
}

function spaStones(): SceneLayers {
  return counterView({
    id: 'sp1', wall: ['#e7e1d6', '#d9d0c2'], counter: ['#c9b79c', '#a88f72'], floor: ['#b8a58d', '#927f68'],
    back: `${rect(640, 140, 340, 520, '#f4efe6', 'rx="8"')}${leaf(760, 560, -20, 1.6, '#7f9d76')}${leaf(860, 600, 25, 1.4, '#93ae89')}` + wallShelf(80, 500, 420, '#a88f72') + towelRoll(200, 500, '#ffffff') + towelRoll(380, 500, '#e9dcc4'),
    onCounter: stones(300, counterTop) + candle(620, counterTop) + candle(740, counterTop) + pottedPlant(930, counterTop, 0.9, '#f4efe6', '#7f9d76', '#5f7f58'),
  });
}

function skincareShelf(): SceneLayers {
  return counterView({
    id: 'sk1', wall: ['#eef1ec', '#dde5dc'], counter: ['#f7f5f0', '#d8e3da'], floor: ['#d9d2c7', '#bdb5a9'],
    back: wallShelf(120, 380, 840, '#e6dccd') + [200, 330, 460, 620, 750, 880].map((x, i) => bottle(x, 380, 60, 130 + (i % 3) * 30, ['#f5d9c8', '#ffffff', '#c9dccf'][i % 3]!, ['#d7b56d', '#2b2b2b', '#9ab39c'][i % 3]!, i % 2 === 0)).join('') + leaf(100, 700, -20, 1.5) + leaf(160, 720, 20, 1.3, '#86b07f'),
    onCounter: bottle(300, counterTop, 110, 260, '#f5d9c8', '#d7b56d', true) + bottle(460, counterTop, 100, 200, '#ffffff', '#2b2b2b') + bottle(610, counterTop, 90, 150, '#c9dccf', '#9ab39c', true) +
      `<ellipse cx="800" cy="${counterTop - 4}" rx="110" ry="20" fill="#e6dccd"/>${rect(700, counterTop - 110, 200, 110, '#ffffff', 'rx="20"')}${rect(700, counterTop - 140, 200, 44, '#d7b56d', 'rx="14"')}` + leaf(980, counterTop, -10, 1.3),
  });
}

function skincareFlatLay(): SceneLayers {
  return flatLay({
    id: 'sk2', surface: ['#f2ece4', '#e6ddd1'], grain: 'linen',
    items: bottleTop(240, 400, -15, '#f5d9c8', '#d7b56d') + bottleTop(470, 360, 12, '#ffffff', '#2b2b2b') + jarTop(800, 330, 130, '#d7b56d') + leaf(980, 640, -40, 1.4) +
      bottleTop(820, 1670, 70, '#c9dccf', '#9ab39c') + jarTop(260, 1700, 110, '#ffffff') + `<circle cx="440" cy="1820" r="40" fill="#f5d9c8"/>` + leaf(90, 1450, 30, 1.2, '#86b07f'),
  });
}

function jewelleryCase(): SceneLayers {
  const stand = `<path d="M320 ${counterTop} l40 -160 h80 l40 160 z" fill="#2b2b2b"/>${ring(400, counterTop - 240, 1.1)}`;
  return counterView({
    id: 'jw1', wall: ['#2a2f3a', '#1e222b'], counter: ['#e2b84a', '#1a1d24'], floor: ['#2a2a2a', '#1a1a1a'],
    back: framed(660, 200, 300, 400, '#e2b84a', '#30343f', necklaceBust(810, 580)) + wallShelf(80, 500, 460, '#e2b84a') + ring(200, 440, 0.6, '#f2a7b5') + ring(420, 440, 0.6),
    lamps: `<circle cx="400" cy="${counterTop - 260}" r="240" fill="#fff2c4" opacity="0.12"/>`,
    onCounter: stand + `${rect(620, counterTop - 150, 220, 150, '#7a1f2b', 'rx="10"')}${rect(620, counterTop - 200, 220, 60, '#8e2a37', 'rx="10"')}${ring(730, counterTop - 180, 0.6)}` + necklaceBust(960, counterTop),
  });
}

function jewelleryFlatLay(): SceneLayers {
  const chain = `<path d="M150 300 C300 560 700 560 880 280" stroke="#e2b84a" stroke-width="8" fill="none" stroke-dasharray="10 6"/><circle cx="515" cy="515" r="30" fill="#bfe6f5" stroke="#e2b84a" stroke-width="8"/>`;
  return flatLay({
    id: 'jw2', surface: ['#efe9e2', '#e1d8cd'], grain: 'marble',
    items: chain + `${rect(620, 1520, 300, 260, '#7a1f2b', 'rx="18"')}${rect(650, 1550, 240, 200, '#8e2a37', 'rx="12"')}<circle cx="770" cy="1650" r="60" fill="none" stroke="#e2b84a" stroke-width="16"/><circle cx="770" cy="1588" r="20" fill="#ffffff"/>` +
      `<circle cx="250" cy="1660" r="70" fill="none" stroke="#e2b84a" stroke-width="14"/><circle cx="360" cy="1780" r="50" fill="none" stroke="#c9ccd2" stroke-width="12"/>` + leaf(980, 900, -60, 1.1, '#86b07f'),
  });
}

export const beautyScenes = { salonChair, salonTools, barberChair, barberFront, nailsSpa, spaStones, skincareShelf, skincareFlatLay, jewelleryCase, jewelleryFlatLay };
