import { bookShelf, pottedPlant, rect, tree } from '../../../providers/image-generation/scene-parts.ts';
import { counterTop, counterView, flatLay, framed, shopFront, wallShelf, type SceneLayers } from './layouts.ts';

/** Pets and vets, dentists and clinics, estate agents, tutors and travel agents. */

/** A sitting dog seen from the front, paws on y. */
const dog = (x: number, y: number, coat: string, ear: string) =>
  `<ellipse cx="${x}" cy="${y - 130}" rx="110" ry="140" fill="${coat}"/><ellipse cx="${x}" cy="${y - 80}" rx="70" ry="90" fill="#f4ead8"/><circle cx="${x}" cy="${y - 320}" r="95" fill="${coat}"/><ellipse cx="${x - 90}" cy="${y - 310}" rx="34" ry="70" fill="${ear}" transform="rotate(20 ${x - 90} ${y - 310})"/><ellipse cx="${x + 90}" cy="${y - 310}" rx="34" ry="70" fill="${ear}" transform="rotate(-20 ${x + 90} ${y - 310})"/>` +
  `<ellipse cx="${x}" cy="${y - 280}" rx="50" ry="38" fill="#f4ead8"/><circle cx="${x - 36}" cy="${y - 340}" r="11" fill="#2b2b2b"/><circle cx="${x + 36}" cy="${y - 340}" r="11" fill="#2b2b2b"/><ellipse cx="${x}" cy="${y - 296}" rx="18" ry="12" fill="#2b2b2b"/><path d="M${x - 16} ${y - 262} q16 14 32 0" stroke="#2b2b2b" stroke-width="5" fill="none"/>` +
  `${rect(x - 60, y - 40, 44, 40, coat, 'rx="20"')}${rect(x + 16, y - 40, 44, 40, coat, 'rx="20"')}${rect(x - 60, y - 240, 120, 18, '#d2453b', 'rx="9"')}<circle cx="${x}" cy="${y - 214}" r="12" fill="#f2c230"/>`;

const cat = (x: number, y: number, coat: string) =>
  `<ellipse cx="${x}" cy="${y - 90}" rx="80" ry="95" fill="${coat}"/><circle cx="${x}" cy="${y - 220}" r="66" fill="${coat}"/><path d="M${x - 60} ${y - 250} l10 -70 l40 40 z M${x + 60} ${y - 250} l-10 -70 l-40 40 z" fill="${coat}"/><circle cx="${x - 24}" cy="${y - 228}" r="9" fill="#3f7d3a"/><circle cx="${x + 24}" cy="${y - 228}" r="9" fill="#3f7d3a"/><path d="M${x - 8} ${y - 204} l8 8 l8 -8 z" fill="#d98a94"/><path d="M${x + 70} ${y - 30} q90 -20 60 -120" stroke="${coat}" stroke-width="22" fill="none" stroke-linecap="round"/>`;

const bowl = (x: number, y: number, fill: string) => `<path d="M${x - 90} ${y - 60} h180 l-20 60 h-140 z" fill="${fill}"/><ellipse cx="${x}" cy="${y - 60}" rx="90" ry="16" fill="#8f5a32"/>`;
const bone = (x: number, y: number, s: number) => `${rect(x - 60 * s, y - 12 * s, 120 * s, 24 * s, '#f4ead8')}${[-1, 1].flatMap((side) => [-1, 1].map((v) => `<circle cx="${x + side * 62 * s}" cy="${y + v * 14 * s}" r="${20 * s}" fill="#f4ead8"/>`)).join('')}`;

const tooth = (x: number, y: number, s: number) => `<path d="M${x - 60 * s} ${y - 80 * s} q${60 * s} ${-40 * s} ${120 * s} 0 q${10 * s} ${70 * s} ${-20 * s} ${150 * s} q${-14 * s} ${20 * s} ${-24 * s} ${-10 * s} l${-16 * s} ${-50 * s} l${-16 * s} ${50 * s} q${-10 * s} ${30 * s} ${-24 * s} ${10 * s} q${-30 * s} ${-80 * s} ${-20 * s} ${-150 * s} z" fill="#ffffff" stroke="#9fc9d6" stroke-width="${6 * s}"/>`;

const dentalChair = (x: number, y: number) =>
  `<path d="M${x - 330} ${y - 300} l220 -40 h300 q40 0 40 40 v40 h-520 z" fill="#4aa3b5"/>${rect(x - 360, y - 380, 120, 70, '#4aa3b5', 'rx="30"')}${rect(x + 180, y - 380, 60, 120, '#4aa3b5', 'rx="24"')}${rect(x - 40, y - 250, 80, 200, '#d7dde2')}<ellipse cx="${x}" cy="${y - 40}" rx="180" ry="36" fill="#c9d1d8"/>` +
  `${rect(x + 280, y - 760, 16, 520, '#c9d1d8')}${rect(x + 80, y - 770, 220, 16, '#c9d1d8')}<ellipse cx="${x + 80}" cy="${y - 740}" rx="70" ry="36" fill="#f4f7f9" stroke="#c9d1d8" stroke-width="8"/><circle cx="${x + 80}" cy="${y - 640}" r="140" fill="#fff9e0" opacity="0.35"/>`;

const stethoscope = (x: number, y: number) => `<path d="M${x - 120} ${y - 200} q0 200 120 200 q120 0 120 -200" stroke="#2b2b2b" stroke-width="14" fill="none"/><path d="M${x} ${y} v120 q0 80 110 80" stroke="#2b2b2b" stroke-width="14" fill="none"/><circle cx="${x + 140}" cy="${y + 200}" r="46" fill="#b9bcc0" stroke="#8a8f94" stroke-width="8"/><circle cx="${x - 120}" cy="${y - 210}" r="14" fill="#8a8f94"/><circle cx="${x + 120}" cy="${y - 210}" r="14" fill="#8a8f94"/>`;
const clipboard = (x: number, y: number, angle: number) => `<g transform="rotate(${angle} ${x} ${y})">${rect(x - 150, y - 200, 300, 400, '#c49a6c', 'rx="14"')}${rect(x - 130, y - 170, 260, 350, '#ffffff')}${rect(x - 50, y - 216, 100, 40, '#8a8f94', 'rx="8"')}${[0, 1, 2, 3, 4].map((i) => rect(x - 100, y - 110 + i * 52, 140 + ((i * 37) % 60), 10, '#9fc9d6', 'rx="5"')).join('')}</g>`;
const cross = (x: number, y: number, s: number, fill: string) => `${rect(x - 20 * s, y - 60 * s, 40 * s, 120 * s, fill, `rx="${6 * s}"`)}${rect(x - 60 * s, y - 20 * s, 120 * s, 40 * s, fill, `rx="${6 * s}"`)}`;

/** A detached house with a gable roof, its ground line at y. */
const house = (x: number, y: number, wall: string, roof: string) =>
  `${rect(x - 300, y - 420, 600, 420, wall)}<path d="M${x - 350} ${y - 400} L${x} ${y - 680} L${x + 350} ${y - 400} z" fill="${roof}"/>${rect(x + 150, y - 660, 60, 140, '#8a4a34')}` +
  [x - 220, x + 80].map((wx) => `${rect(wx, y - 360, 140, 130, '#cfe6f2')}<path d="M${wx + 70} ${y - 360} v130 M${wx} ${y - 295} h140" stroke="#ffffff" stroke-width="10"/>`).join('') +
  `${rect(x - 60, y - 200, 120, 200, '#6b4a33', 'rx="4"')}<circle cx="${x + 36}" cy="${y - 100}" r="8" fill="#f2c230"/><circle cx="${x}" cy="${y - 550}" r="40" fill="#cfe6f2" stroke="#ffffff" stroke-width="8"/>`;

const soldSign = (x: number, y: number) => `${rect(x - 8, y - 300, 16, 300, '#6b4a33')}${rect(x - 8, y - 300, 170, 14, '#6b4a33')}${rect(x + 20, y - 280, 140, 110, '#ffffff', 'rx="6"')}${rect(x + 20, y - 280, 140, 34, '#d2453b', 'rx="6"')}<text x="${x + 90}" y="${y - 196}" font-family="DejaVu Sans" font-weight="bold" font-size="38" fill="#d2453b" text-anchor="middle">SOLD</text>`;

const keys = (x: number, y: number) => `<circle cx="${x}" cy="${y}" r="34" fill="none" stroke="#e2b84a" stroke-width="10"/>${rect(x + 20, y + 20, 120, 22, '#e2b84a', `rx="6" transform="rotate(35 ${x + 20} ${y + 20})"`)}<path d="M${x - 60} ${y - 40} l-30 -30" stroke="#e2b84a" stroke-width="10"/>`;

const book = (x: number, y: number, w: number, h: number, cover: string, angle = 0) => `<g transform="rotate(${angle} ${x} ${y})">${rect(x - w / 2, y - h / 2, w, h, '#f4efe6', 'rx="6"')}${rect(x - w / 2, y - h / 2, w - 12, h - 8, cover, 'rx="6"')}${rect(x - w / 2 + 20, y - h / 2 + 30, w * 0.5, 14, '#ffffff', 'opacity="0.6" rx="7"')}</g>`;
const pencil = (x: number, y: number, angle: number, fill: string) => `<g transform="rotate(${angle} ${x} ${y})">${rect(x, y - 12, 300, 24, fill)}<path d="M${x} ${y - 12} l-40 12 l40 12 z" fill="#f1d2a8"/>${rect(x + 300, y - 12, 30, 24, '#d98a94', 'rx="4"')}</g>`;
const apple = (x: number, y: number) => `<circle cx="${x - 30}" cy="${y}" r="60" fill="#d2453b"/><circle cx="${x + 30}" cy="${y}" r="60" fill="#d2453b"/><path d="M${x} ${y - 50} q10 -40 30 -50" stroke="#6b4a33" stroke-width="8" fill="none"/><ellipse cx="${x + 40}" cy="${y - 90}" rx="30" ry="14" fill="#6cae4a"/>`;

const suitcase = (x: number, y: number, fill: string) => `${rect(x - 50, y - 420, 100, 80, 'none', 'stroke="#2b2b2b" stroke-width="14" rx="16"')}${rect(x - 150, y - 350, 300, 340, fill, 'rx="30"')}${[-80, 0, 80].map((dx) => rect(x + dx - 6, y - 340, 12, 320, '#000', 'opacity="0.15"')).join('')}<circle cx="${x - 100}" cy="${y}" r="18" fill="#2b2b2b"/><circle cx="${x + 100}" cy="${y}" r="18" fill="#2b2b2b"/>`;
const passport = (x: number, y: number, angle: number) => `<g transform="rotate(${angle} ${x} ${y})">${rect(x - 110, y - 150, 220, 300, '#2f4a6e', 'rx="12"')}<circle cx="${x}" cy="${y - 20}" r="50" fill="none" stroke="#e2b84a" stroke-width="6"/><path d="M${x - 50} ${y - 20} h100 M${x} ${y - 70} q-40 50 0 100 q40 -50 0 -100" stroke="#e2b84a" stroke-width="5" fill="none"/></g>`;
const plane = (x: number, y: number, s: number, fill: string) => `<g transform="translate(${x} ${y}) scale(${s}) rotate(-20)" fill="${fill}"><ellipse cx="0" cy="0" rx="110" ry="18"/><path d="M-20 0 L-70 -90 h30 L40 0 z M-20 0 L-70 90 h30 L40 0 z M-90 0 l-20 -40 h16 l30 40 z"/></g>`;

function petsHome(): SceneLayers {
  return counterView({
    id: 'pt1', wall: ['#fbe9d2', '#f3d9b8'], floor: ['#c49468', '#a0754f'],
    back: framed(140, 200, 260, 320, '#6b4a33', '#cfe6f2', bone(270, 360, 1.2)) + wallShelf(620, 420, 380, '#6b4a33') + `${rect(660, 300, 90, 120, '#e07a5f', 'rx="10"')}${rect(770, 320, 90, 100, '#81b29a', 'rx="10"')}` + pottedPlant(950, counterTop, 1.1, '#c46f4c'),
    onCounter: dog(420, counterTop + 150, '#c98a45', '#8f5a32') + bowl(740, counterTop + 130, '#4a90c2') + bone(170, counterTop + 110, 1),
  });
}

function petShop(): SceneLayers {
  return shopFront({
    id: 'pt2', time: 'day', wall: '#f2cc8f', awning: ['#4a90c2', '#ffffff'],
    sign: bone(540, 360, 1.3),
    display: cat(250, 1060, '#8a8f94') + `${rect(400, 940, 240, 120, '#e07a5f', 'rx="16"')}${bone(520, 900, 0.8)}`,
    street: dog(300, 1880, '#f4ead8', '#c98a45') + bowl(560, 1870, '#e07a5f'),
  });
}

function dentalRoom(): SceneLayers {
  return counterView({
    id: 'dt1', wall: ['#eaf4f6', '#d8e9ed'], floor: ['#d7dde2', '#bfc7ce'],
    back: `${rect(100, 160, 360, 480, '#ffffff', 'rx="10"')}${tooth(280, 420, 1.4)}` + wallShelf(640, 500, 360, '#ffffff') + `${rect(690, 420, 60, 80, '#4aa3b5', 'rx="10"')}${rect(770, 400, 60, 100, '#ffffff', 'rx="10"')}`,
    onCounter: dentalChair(460, counterTop + 420) + pottedPlant(960, counterTop + 60, 1, '#ffffff'),
  });
}

function dentalFlatLay(): SceneLayers {
  const brush = (x: number, y: number, angle: number, fill: string) => `<g transform="rotate(${angle} ${x} ${y})">${rect(x - 18, y - 240, 36, 380, fill, 'rx="18"')}${rect(x - 22, y - 320, 44, 90, '#ffffff', 'rx="10"')}${[0, 1, 2, 3].map((i) => rect(x - 18, y - 310 + i * 20, 36, 10, '#9fc9d6')).join('')}</g>`;
  return flatLay({
    id: 'dt2', surface: ['#e3f1f4', '#cfe5ea'], grain: 'linen',
    items: brush(300, 440, -30, '#4aa3b5') + brush(420, 460, -20, '#f2a7b5') + `<g transform="rotate(15 800 360)">${rect(720, 160, 150, 380, '#ffffff', 'rx="30"')}${rect(740, 120, 110, 60, '#4aa3b5', 'rx="14"')}${rect(740, 300, 110, 120, '#4aa3b5', 'opacity="0.3"')}</g>` +
      tooth(250, 1680, 1.4) + `<circle cx="820" cy="1680" r="100" fill="#ffffff"/><circle cx="820" cy="1680" r="40" fill="#9fc9d6"/>` + `<path d="M480 1800 q80 -120 160 0" stroke="#ffffff" stroke-width="10" fill="none"/>`,
  });
}

function clinicDesk(): SceneLayers {
  return flatLay({
    id: 'cn1', surface: ['#f4f7f9', '#e4ebef'], grain: 'linen',
    items: stethoscope(340, 380) + clipboard(820, 380, 8) + `${rect(120, 1560, 300, 70, '#ffffff', 'rx="35"')}${rect(120, 1560, 150, 70, '#4aa3b5', 'rx="35"')}` + `<circle cx="580" cy="1700" r="30" fill="#f2c230"/><circle cx="650" cy="1740" r="30" fill="#ffffff"/>` + cross(880, 1680, 1.2, '#d2453b'),
  });
}

function clinicRoom(): SceneLayers {
  const bed = `${rect(160, counterTop + 120, 560, 90, '#4aa3b5', 'rx="24"')}${rect(160, counterTop + 60, 160, 80, '#ffffff', 'rx="30"')}${rect(200, counterTop + 210, 24, 100, '#c9d1d8')}${rect(650, counterTop + 210, 24, 100, '#c9d1d8')}`;
  return counterView({
    id: 'cn2', wall: ['#eef5f2', '#dcebe5'], floor: ['#d7dde2', '#bfc7ce'],
    back: framed(130, 200, 280, 360, '#ffffff', '#dcebe5', cross(270, 380, 1.3, '#4aa3b5')) + `${rect(600, 180, 380, 520, '#cfe6f2', 'rx="10"')}<path d="M790 180 v520" stroke="#ffffff" stroke-width="16"/>${tree(700, 700, 120, '#7fb07a', '#6a9c66')}${rect(584, 164, 412, 552, 'none', 'stroke="#ffffff" stroke-width="18" rx="10"')}`,
    onCounter: `<g transform="translate(0 -90)">${bed}</g>` + `${rect(820, counterTop - 40, 160, 300, '#ffffff', 'rx="10"')}${stethoscope(900, counterTop - 160).replace(/stroke-width="14"/g, 'stroke-width="8"')}`,
  });
}

function realEstateHouse(): SceneLayers {
  const back = `<linearGradient id="re1-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fc0ec"/><stop offset="1" stop-color="#e3f2fb"/></linearGradient>${rect(0, 0, 1080, 1100, 'url(#re1-sky)')}${tree(120, 1000, 200, '#5e9a4e', '#4a8240')}${tree(980, 1000, 230, '#5e9a4e', '#4a8240')}${rect(0, 1000, 1080, 920, '#86c06a')}<path d="M480 1000 L380 1920 H700 L600 1000 z" fill="#d9cfbf"/>`;
  return { back, front: house(540, 1000, '#f4efe6', '#c0563f') + soldSign(830, 1300) + `<g>${[0, 1, 2, 3, 4, 5].map((i) => rect(i * 80 + 10, 1120, 12, 90, '#ffffff')).join('')}${rect(0, 1140, 460, 12, '#ffffff')}</g>` };
}

function realEstateKeys(): SceneLayers {
  return counterView({
    id: 're2', wall: ['#eef1f4', '#dde3e9'], counter: ['#f7f5f0', '#b9a58b'], floor: ['#c7b59c', '#a8967d'],
    back: `${rect(120, 150, 500, 560, '#cfe6f2', 'rx="8"')}<path d="M370 150 v560 M120 430 h500" stroke="#ffffff" stroke-width="18"/>${rect(104, 134, 532, 592, 'none', 'stroke="#ffffff" stroke-width="20" rx="8"')}` + framed(720, 220, 240, 300, '#2b2b2b', '#f4efe6', `<g transform="translate(840 500) scale(0.3) translate(-540 -1000)">${house(540, 1000, '#cfe6f2', '#2f4a6e')}</g>`),
    onCounter: `<g transform="translate(300 ${counterTop}) scale(0.42) translate(-540 -1000)">${house(540, 1000, '#f4efe6', '#c0563f')}</g>` + keys(640, counterTop - 40) + pottedPlant(920, counterTop, 1, '#f4efe6'),
  });
}

function tutoringDesk(): SceneLayers {
  return flatLay({
    id: 'tu1', surface: ['#c99a66', '#a77a52'], grain: 'wood',
    items: book(300, 360, 380, 480, '#2f5d7c', -8) + book(760, 300, 300, 400, '#e0b04a', 10) + apple(880, 620) + `<g transform="rotate(4 300 1680)">${rect(100, 1540, 420, 300, '#ffffff', 'rx="6"')}${Array.from({ length: 7 }, (_, i) => rect(120, 1580 + i * 36, 380, 3, '#9fc9d6')).join('')}${rect(150, 1540, 4, 300, '#e07a5f')}</g>` + pencil(620, 1640, -20, '#f2c230') + pencil(640, 1740, -10, '#4a90c2'),
  });
}

function tutoringClassroom(): SceneLayers {
  const chalk = `<g stroke="#f3efe6" stroke-width="6" fill="none" opacity="0.9"><path d="M220 280 h120 M280 220 v120"/><path d="M420 300 q40 -60 80 0 t80 0"/><circle cx="760" cy="290" r="60"/><path d="M700 290 h120"/><path d="M220 440 l60 -60 l60 60"/></g>`;
  return counterView({
    id: 'tu2', wall: ['#f1e9dc', '#e4d8c6'], counter: ['#c99a66', '#8f6a4c'], floor: ['#b8926a', '#977452'],
    back: framed(160, 160, 760, 380, '#8f6a4c', '#2f4a3e', chalk) + bookShelf(120, 760, 840, '#8f6a4c', 5),
    onCounter: book(250, counterTop - 50, 260, 80, '#2f5d7c') + book(250, counterTop - 120, 230, 70, '#e07a5f') + apple(520, counterTop - 60) + `<circle cx="820" cy="${counterTop - 150}" r="140" fill="#4a90c2"/><path d="M700 ${counterTop - 180} q80 30 120 -40 q40 60 110 10" stroke="#6cae4a" stroke-width="40" fill="none"/>${rect(800, counterTop - 14, 40, 14, '#8f6a4c')}`,
  });
}

function travelWindow(): SceneLayers {
  const view = `<linearGradient id="tv1-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4f9ad8"/><stop offset="1" stop-color="#f6d2a8"/></linearGradient>${rect(0, 0, 1080, 1920, 'url(#tv1-sky)')}` +
    [[300, 700, 1], [760, 900, 0.8], [500, 1100, 1.2]].map(([x, y, s]) => `<g fill="#ffffff" opacity="0.9"><ellipse cx="${x}" cy="${y}" rx="${140 * s!}" ry="${44 * s!}"/><ellipse cx="${x! - 60 * s!}" cy="${y! - 26 * s!}" rx="${70 * s!}" ry="${46 * s!}"/></g>`).join('') + `<path d="M0 1080 L700 980 L740 1010 L0 1140 z" fill="#c9ccd2"/>`;
    const cabin = `<path fill-rule="evenodd" d="M0 0 H1080 V1920 H0 z M290 420 Q290 220 540 220 Q790 220 790 420 V1000 Q790 1200 540 1200 Q290 1200 290 1000 z" fill="#e9e6e1"/><rect x="272" y="202" width="536" height="1016" rx="250" fill="none" stroke="#d3cfc8" stroke-width="30"/>`;
  return { back: view, front: cabin + passport(270, 1640, -14) + suitcase(800, 1820, '#e07a5f') + `${rect(0, 1400, 1080, 20, '#d3cfc8')}` };
}

function travelFlatLay(): SceneLayers {
  const map = `<g transform="rotate(-6 540 380)">${rect(120, 120, 840, 520, '#f4ead2')}<path d="M200 300 q120 -80 240 20 t260 -40 t200 60 M180 480 q160 40 300 -20 t320 40" stroke="#81b29a" stroke-width="30" fill="none" opacity="0.6"/><path d="M260 220 q200 200 520 160" stroke="#d2453b" stroke-width="6" stroke-dasharray="16 12" fill="none"/></g>`;
  const glasses = `<circle cx="230" cy="1600" r="70" fill="#2b2b2b"/><circle cx="400" cy="1600" r="70" fill="#2b2b2b"/>${rect(290, 1590, 50, 12, '#2b2b2b')}`;
  return flatLay({
    id: 'tv2', surface: ['#e9dccb', '#dccbb5'], grain: 'wood',
    items: map + plane(820, 780, 0.6, '#ffffff') + glasses + passport(780, 1660, 12) + `${rect(470, 1740, 200, 120, '#ffffff', 'rx="6"')}${rect(480, 1750, 180, 70, '#4f9ad8')}`,
  });
}

function travelAgency(): SceneLayers {
  return shopFront({
    id: 'tv3', time: 'dusk', wall: '#2f4a6e', awning: ['#f2cc8f', '#2f4a6e'],
    sign: plane(540, 360, 0.6, '#2f4a6e'),
    display: `${rect(90, 600, 600, 470, '#4f9ad8')}<circle cx="390" cy="900" r="120" fill="#f6d27a"/>${rect(90, 960, 600, 110, '#2f8fb0')}<path d="M160 960 q30 -160 20 -240 M180 760 q-60 -20 -90 20 M180 760 q60 -40 100 0" stroke="#3f7d3a" stroke-width="14" fill="none"/>`,
    street: suitcase(260, 1880, '#e07a5f'),
  });
}

function petsFlatLay(): SceneLayers {
  const ball = `<circle cx="820" cy="1640" r="70" fill="#f2c230"/><path d="M760 1600 q60 40 120 0 M760 1680 q60 -40 120 0" stroke="#ffffff" stroke-width="8" fill="none"/>`;
  const leash = `<path d="M120 1500 q200 80 120 200 t160 160" stroke="#d2453b" stroke-width="18" fill="none"/><circle cx="120" cy="1500" r="36" fill="none" stroke="#d2453b" stroke-width="14"/>`;
  return flatLay({
    id: 'pt3', surface: ['#f2e6d6', '#e6d5bf'], grain: 'wood',
    items: `<circle cx="320" cy="330" r="170" fill="#4a90c2"/><circle cx="320" cy="330" r="120" fill="#8f5a32"/>${Array.from({ length: 18 }, (_, i) => `<circle cx="${320 + Math.cos(i * 2.1) * (20 + (i % 5) * 18)}" cy="${330 + Math.sin(i * 2.1) * (20 + (i % 5) * 18)}" r="14" fill="#b07a4a"/>`).join('')}` +
      `<g transform="rotate(-25 780 380)">${bone(780, 380, 2)}</g>` + ball + leash + `<ellipse cx="520" cy="1780" rx="90" ry="60" fill="#c98a45"/>${[[-70, -60], [-25, -90], [25, -90], [70, -60]].map(([dx, dy]) => `<ellipse cx="${520 + dx!}" cy="${1780 + dy!}" rx="28" ry="34" fill="#c98a45"/>`).join('')}`,
  });
}

function estateAgency(): SceneLayers {
  const listing = (x: number, y: number, roof: string) => `${rect(x, y, 170, 200, '#ffffff', 'rx="6"')}<g transform="translate(${x + 85} ${y + 130}) scale(0.18) translate(-540 -1000)">${house(540, 1000, '#f4efe6', roof)}</g>${rect(x + 20, y + 150, 130, 12, '#8a8f94', 'rx="6"')}${rect(x + 20, y + 172, 80, 12, '#d2453b', 'rx="6"')}`;
  return shopFront({
    id: 're3', time: 'day', wall: '#e9e2d4', awning: ['#2f4a6e', '#ffffff'],
    sign: `<g transform="translate(540 420) scale(0.16) translate(-540 -1000)">${house(540, 1000, '#ffffff', '#2f4a6e')}</g>`,
    display: listing(120, 640, '#c0563f') + listing(310, 640, '#2f4a6e') + listing(500, 640, '#6b8f71') + listing(120, 860, '#e0b04a') + listing(310, 860, '#c0563f') + listing(500, 860, '#2f4a6e'),
    street: pottedPlant(1010, 1300, 0.9, '#2f4a6e'),
  });
}

function tutoringFront(): SceneLayers {
  const block = (x: number, y: number, fill: string, letter: string) => `${rect(x, y, 110, 110, fill, 'rx="10"')}<text x="${x + 55}" y="${y + 82}" font-family="DejaVu Sans" font-weight="bold" font-size="72" fill="#ffffff" text-anchor="middle">${letter}</text>`;
  return shopFront({
    id: 'tu3', time: 'dusk', wall: '#6b8f71', awning: ['#e0b04a', '#2f5d7c'],
    sign: book(540, 360, 150, 110, '#2f5d7c', -6),
    display: `${rect(90, 960, 600, 110, '#8f6a4c')}` + block(140, 850, '#d2453b', 'A') + block(270, 850, '#2f5d7c', 'B') + block(400, 850, '#e0b04a', 'C') + block(205, 740, '#6cae4a', '1') + `<circle cx="590" cy="840" r="90" fill="#4a90c2"/><path d="M510 820 q60 30 90 -30 q30 50 80 10" stroke="#6cae4a" stroke-width="26" fill="none"/>${rect(575, 930, 30, 30, '#8f6a4c')}`,
    street: pottedPlant(1010, 1300, 0.8, '#e0b04a'),
  });
}

export const serviceScenes = { petsHome, petShop, petsFlatLay, estateAgency, tutoringFront, dentalRoom, dentalFlatLay, clinicDesk, clinicRoom, realEstateHouse, realEstateKeys, tutoringDesk, tutoringClassroom, travelWindow, travelFlatLay, travelAgency };
