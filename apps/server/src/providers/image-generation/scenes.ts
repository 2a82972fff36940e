import type { UgcBackground } from '@reelsmith/contracts';
import { boardSeams, bookShelf, linear, pendantLamp, planks, pottedPlant, radial, rect, sceneHeight, sceneWidth, seeded, svgDocument, tree, windowFrame } from './scene-parts.ts';

/**
 * The eight places of the UGC form, drawn as simple illustrations: each its own palette and furniture, so the
 * choice shows at a glance. A scene is a backdrop (the whole frame: walls, window, floor or ground) and a counter
 * (the surface a product stands on, drawn over the backdrop's lower part and left sharp when the backdrop is blurred).
 */
export interface Scene {
  backdrop: string;
  counter: string;
}

/** Where every counter's far edge (against the wall, or the horizon of a table) lies. */
export const counterTop = 1250;

/**
 * A counter seen from a phone held a little above it: the surface runs from its far edge to the bottom of the
 * frame, lighter far away, with its grain and whatever stands on it (`details`).
 */
function counter(surface: readonly [far: string, near: string], details: string): string {
  const defs = linear('top', [[0, surface[0]], [1, surface[1]]]) + linear('shade', [[0, '#000', 0], [1, '#000', 0.28]]) + linear('near', [[0, '#000', 0], [1, '#000', 0.2]]);
  const body = [
    rect(0, counterTop - 26, sceneWidth, 26, 'url(#shade)'),
    rect(0, counterTop, sceneWidth, sceneHeight - counterTop, 'url(#top)'),
    rect(0, counterTop, sceneWidth, 4, '#ffffff', 'opacity="0.35"'),
    details,
    rect(0, 1640, sceneWidth, sceneHeight - 1640, 'url(#near)'),
  ].join('');
  return svgDocument(defs, body);
}

const sky = (id: string, top: string, bottom: string, y: number, h: number) =>
  `${linear(id, [[0, top], [1, bottom]])}${rect(0, y, sceneWidth, h, `url(#${id})`)}`;

function livingroom(): Scene {
  const vase = `<path d="M120 1120 L110 960 M140 1120 L170 940 M130 1120 L128 900" stroke="#b08a5a" stroke-width="5"/><ellipse cx="112" cy="955" rx="14" ry="26" fill="#d9b98a"/><ellipse cx="172" cy="935" rx="12" ry="24" fill="#e2c598"/><ellipse cx="128" cy="895" rx="12" ry="22" fill="#cfa977"/><path d="M90 1320 Q70 1200 110 1120 H150 Q190 1200 170 1320 z" fill="#eae3d6"/>`;
  const books = `${rect(780, 1250, 250, 44, '#2f5d7c', 'rx="4"')}${rect(800, 1212, 220, 40, '#e0b04a', 'rx="4"')}${rect(796, 1222, 4, 24, '#ffffff', 'opacity="0.5"')}${rect(776, 1286, 258, 8, '#000', 'opacity="0.15"')}`;
  const view = `${sky('lr-sky', '#9fd0f0', '#e4f3fb', 240, 760)}${tree(190, 1010, 150, '#7fb07a', '#6a9c66')}${tree(380, 1030, 110, '#8dbb86', '#76a772')}`;
  const backdrop = svgDocument(
    linear('lr-wall', [[0, '#f3e6d3'], [1, '#e3cdb2']]) + radial('lr-light', [[0, '#fff8ea', 0.9], [1, '#fff8ea', 0]], 260, 640, 700) + linear('lr-floor', [[0, '#c49468'], [1, '#8a5f3f']]),
    [
      rect(0, 0, sceneWidth, 1500, 'url(#lr-wall)'),
      rect(0, 0, sceneWidth, 1500, 'url(#lr-light)'),
      windowFrame('lr-window', 90, 240, 340, 760, '#fbf7f0', view),
      rect(30, 180, 120, 1000, '#fffaf0', 'opacity="0.55" rx="10"'),
      rect(12, 168, 470, 16, '#c9b79c', 'rx="8"'),
      rect(650, 330, 320, 400, '#3b3531'),
      rect(666, 346, 288, 368, '#f7f2ea'),
      `<circle cx="770" cy="480" r="78" fill="#d9825b"/><path d="M700 640 Q810 520 920 640 z" fill="#e5b450"/><rect x="850" y="410" width="60" height="120" fill="#51706b"/>`,
      `<rect x="990" y="700" width="8" height="800" fill="#3a332e"/><path d="M930 700 L1060 700 L1030 590 L960 590 z" fill="#efe4cf"/>${radial('lr-lamp', [[0, '#ffe2a8', 0.6], [1, '#ffe2a8', 0]], 995, 720, 260)}<circle cx="995" cy="720" r="260" fill="url(#lr-lamp)"/>`,
      `<rect x="520" y="1120" width="560" height="250" rx="46" fill="#4f7c7a"/><rect x="560" y="1290" width="520" height="170" rx="30" fill="#5d8c89"/><rect x="480" y="1200" width="110" height="270" rx="40" fill="#456e6c"/>`,
      rect(0, 1500, sceneWidth, 420, 'url(#lr-floor)'),
      planks(1500, 420, 7, '#6d4a31'),
      rect(0, 1486, sceneWidth, 22, '#fbf7f0'),
      pottedPlant(150, 1560, 1.25, '#c46f4c'),
    ].join(''),
  );
  return {
    backdrop,
    counter: counter(['#8c6140', '#b07e55'], `${boardSeams(counterTop, 7, '#5e3d24')}${vase}${books}`),
  };
}

function kitchen(): Scene {
  const tiles = `<pattern id="kt-tiles" width="120" height="60" patternUnits="userSpaceOnUse"><rect width="120" height="60" fill="#d8d3cb"/><rect x="2" y="2" width="116" height="26" rx="3" fill="#f7f5f1"/><rect x="-58" y="32" width="116" height="26" rx="3" fill="#f3f0eb"/><rect x="62" y="32" width="116" height="26" rx="3" fill="#f3f0eb"/></pattern>`;
  const cabinetDoor = (x: number) => `${rect(x, 20, 250, 360, '#a3b9a3', 'rx="6"')}${rect(x + 18, 38, 214, 324, 'none', 'stroke="#8aa38b" stroke-width="6" rx="4"')}${rect(x + 112, 330, 26, 8, '#c9a45c', 'rx="4"')}`;
  const jar = (x: number, h: number, fill: string) => `${rect(x, 820 - h, 70, h, '#e8f1f2', 'rx="12" opacity="0.85"')}${rect(x + 6, 820 - h * 0.65, 58, h * 0.6, fill, 'rx="8"')}${rect(x - 2, 810 - h, 74, 18, '#8b6a4a', 'rx="6"')}`;
  const utensil = (x: number, head: string) => `${rect(x - 3, 930, 6, 170, '#8f8a84')}${head}`;
  const backdrop = svgDocument(
    tiles + linear('kt-cab', [[0, '#9fb59f'], [1, '#8aa18b']]) + linear('kt-under', [[0, '#000', 0.25], [1, '#000', 0]]),
    [
      rect(0, 0, sceneWidth, 1500, 'url(#kt-tiles)'),
      rect(0, 0, sceneWidth, 420, 'url(#kt-cab)'),
      cabinetDoor(20),
      cabinetDoor(290),
      cabinetDoor(560),
      cabinetDoor(830),
      rect(0, 420, sceneWidth, 60, 'url(#kt-under)'),
      rect(120, 820, 840, 20, '#9c7650', 'rx="4"'),
      jar(170, 150, '#e7c27a'),
      jar(260, 200, '#b9784f'),
      jar(350, 120, '#f2efe6'),
      pottedPlant(800, 820, 0.85, '#e8e2d6', '#5f9a5c', '#467f48'),
      rect(110, 920, 860, 10, '#6f6a64', 'rx="5"'),
      utensil(260, '<ellipse cx="260" cy="1115" rx="26" ry="36" fill="#8f8a84"/>'),
      utensil(380, '<path d="M356 1100 Q380 1180 404 1100 z" fill="none" stroke="#8f8a84" stroke-width="8"/>'),
      utensil(500, '<rect x="478" y="1096" width="44" height="60" rx="6" fill="#5b4636"/>'),
      utensil(620, '<ellipse cx="620" cy="1120" rx="32" ry="42" fill="none" stroke="#8f8a84" stroke-width="7"/>'),
      rect(0, 1500, sceneWidth, 420, '#8aa18b'),
    ].join(''),
  );
  const veins = `<path d="M0 1300 C200 1270 360 1360 620 1320 S980 1300 1080 1360" fill="none" stroke="#b8b3ad" stroke-width="3" opacity="0.5"/><path d="M120 1480 C300 1420 420 1540 760 1470 S1000 1600 1080 1560" fill="none" stroke="#b8b3ad" stroke-width="4" opacity="0.4"/><path d="M-20 1700 C260 1640 520 1780 900 1690" fill="none" stroke="#c2bdb7" stroke-width="5" opacity="0.35"/>`;
  const board = `<rect x="40" y="1210" width="300" height="120" rx="22" fill="#b98b5b"/><rect x="40" y="1210" width="300" height="14" rx="7" fill="#d1a675"/><circle cx="110" cy="1250" r="38" fill="#f2cf3d"/><circle cx="180" cy="1262" r="34" fill="#e8c030"/><circle cx="98" cy="1238" r="8" fill="#fff6b0" opacity="0.7"/>`;
  return { backdrop, counter: counter(['#e6e2dc', '#faf9f7'], veins + board) };
}

function washroom(): Scene {
  const sconce = (x: number) =>
    `${radial(`wr-glow-${x}`, [[0, '#fff0cc', 0.8], [1, '#fff0cc', 0]], x, 560, 200)}<circle cx="${x}" cy="560" r="200" fill="url(#wr-glow-${x})"/>${rect(x - 14, 600, 28, 70, '#b8914f', 'rx="6"')}<circle cx="${x}" cy="560" r="44" fill="#fff8e6" stroke="#d8c49a" stroke-width="3"/>`;
  const backdrop = svgDocument(
    linear('wr-wall', [[0, '#e1ddd5'], [1, '#cfc9bf']]) + linear('wr-mirror', [[0, '#e6eef0'], [1, '#aebdc3']], [0, 0, 1, 1]) + linear('wr-panel', [[0, '#6c7f74'], [1, '#5c6e64']]),
    [
      rect(0, 0, sceneWidth, 1920, 'url(#wr-wall)'),
      `<path d="M250 1160 V470 A290 290 0 0 1 830 470 V1160 z" fill="url(#wr-mirror)" stroke="#b8914f" stroke-width="14"/>`,
      `<path d="M330 1100 L620 300" stroke="#ffffff" stroke-width="40" opacity="0.25"/><path d="M420 1120 L700 360" stroke="#ffffff" stroke-width="14" opacity="0.3"/>`,
      `<rect x="560" y="760" width="200" height="400" fill="#8fa3aa" opacity="0.35"/>`,
      sconce(140),
      sconce(940),
      rect(0, 1180, sceneWidth, 740, 'url(#wr-panel)'),
      ...[0, 270, 540, 810].map((x) => rect(x + 20, 1210, 230, 680, 'none', 'stroke="#7f9286" stroke-width="6" rx="4"')),
    ].join(''),
  );
  const sink = `<ellipse cx="900" cy="1420" rx="190" ry="70" fill="#d4d0ca"/><ellipse cx="900" cy="1414" rx="168" ry="56" fill="#bfbab3"/><ellipse cx="900" cy="1430" rx="20" ry="8" fill="#9c968e"/><rect x="884" y="1170" width="32" height="130" rx="8" fill="#c9a15a"/><path d="M900 1180 h-90 a14 14 0 0 1 0 -28 h90 z" fill="#c9a15a"/><rect x="870" y="1292" width="60" height="16" rx="6" fill="#b28c4c"/>`;
  const soap = `${rect(110, 1190, 70, 120, '#f3efe8', 'rx="14"')}${rect(132, 1160, 26, 34, '#3e3a36', 'rx="4"')}${rect(196, 1260, 150, 60, '#ffffff', 'rx="10"')}${rect(196, 1236, 150, 30, '#ece8e1', 'rx="10"')}`;
  return { backdrop, counter: counter(['#d8d4cd', '#f1eee9'], sink + soap) };
}

function bathroom(): Scene {
  const tiles = `<pattern id="bt-tiles" width="108" height="108" patternUnits="userSpaceOnUse"><rect width="108" height="108" fill="#f4fbfa"/><rect x="3" y="3" width="102" height="102" rx="6" fill="#bfe0dc"/><rect x="3" y="3" width="102" height="40" rx="6" fill="#cbe7e3"/></pattern>`;
  const towel = `${rect(70, 430, 300, 14, '#c9cfd2', 'rx="7"')}<rect x="110" y="440" width="220" height="560" rx="20" fill="#f1cfc7"/>${[560, 620, 900].map((y) => rect(110, y, 220, 18, '#e3aa9d')).join('')}<rect x="110" y="440" width="220" height="70" fill="#e9beb4"/>`;
  const frosted = `${rect(700, 150, 300, 360, '#eef7f7', 'rx="8" stroke="#ffffff" stroke-width="20"')}${radial('bt-sun', [[0, '#ffffff', 0.55], [1, '#ffffff', 0]], 850, 330, 360)}<circle cx="850" cy="330" r="360" fill="url(#bt-sun)"/>`;
  const glass = `<rect x="880" y="560" width="200" height="1360" fill="#e8f6f8" opacity="0.45"/><rect x="874" y="560" width="10" height="1360" fill="#c9d4d6"/><path d="M920 620 L960 1400" stroke="#ffffff" stroke-width="18" opacity="0.5"/>`;
  const backdrop = svgDocument(
    tiles + linear('bt-tub', [[0, '#ffffff'], [1, '#e7eeee']]),
    [rect(0, 0, sceneWidth, 1920, 'url(#bt-tiles)'), frosted, towel, glass, pottedPlant(560, 1190, 1.0, '#ffffff', '#7aa889', '#5f8f71'), rect(0, 1420, sceneWidth, 500, 'url(#bt-tub)')].join(''),
  );
  const caddy = `${rect(40, 1290, 240, 36, '#c8a478', 'rx="8"')}${rect(70, 1200, 60, 100, '#f5d9c8', 'rx="16"')}${rect(150, 1170, 50, 130, '#d6ebe6', 'rx="14"')}${rect(212, 1230, 52, 70, '#ffffff', 'rx="12"')}`;
  const rolledTowel = `<rect x="790" y="1230" width="240" height="90" rx="40" fill="#f1cfc7"/><rect x="790" y="1290" width="240" height="60" rx="30" fill="#e9beb4"/><ellipse cx="1000" cy="1290" rx="30" ry="52" fill="#e3aa9d"/><ellipse cx="1000" cy="1290" rx="12" ry="26" fill="#d59a8d"/>`;
  return { backdrop, counter: counter(['#e9f0ef', '#ffffff'], `${boardSeams(counterTop, 9, '#b9d6d2')}${caddy}${rolledTowel}`) };
}

function park(): Scene {
  const clouds = [
    [220, 260, 1],
    [780, 180, 0.8],
  ]
    .map(([x, y, s]) => `<g opacity="0.9" fill="#ffffff"><ellipse cx="${x}" cy="${y}" rx="${120 * s!}" ry="${40 * s!}"/><ellipse cx="${x! - 50 * s!}" cy="${y! - 20 * s!}" rx="${60 * s!}" ry="${40 * s!}"/><ellipse cx="${x! + 40 * s!}" cy="${y! - 30 * s!}" rx="${70 * s!}" ry="${48 * s!}"/></g>`)
    .join('');
  const backdrop = svgDocument(
    linear('pk-sky', [[0, '#6fb7e8'], [1, '#d8eef9']]) + radial('pk-sun', [[0, '#fffbe0', 1], [0.2, '#fff3b8', 0.8], [1, '#fff3b8', 0]], 860, 300, 380) + linear('pk-grass', [[0, '#86c06a'], [1, '#4e8e41']]),
    [
      rect(0, 0, sceneWidth, 1100, 'url(#pk-sky)'),
      `<circle cx="860" cy="300" r="380" fill="url(#pk-sun)"/>`,
      clouds,
      `<path d="M0 980 Q270 860 560 960 T1080 920 V1200 H0 z" fill="#a7cf8e"/><path d="M0 1060 Q360 960 720 1050 T1080 1020 V1300 H0 z" fill="#93c47a"/>`,
      rect(0, 1100, sceneWidth, 820, 'url(#pk-grass)'),
      `<path d="M470 1100 Q600 1300 380 1500 T640 1920 H900 Q760 1700 880 1480 T560 1100 z" fill="#e9dcbc"/>`,
      tree(120, 1180, 260, '#4f934b', '#3e7c3c'),
      tree(960, 1150, 300, '#5a9c50', '#447f3f'),
      tree(640, 1060, 130, '#6aa85e', '#54904b'),
      `<rect x="318" y="620" width="12" height="560" fill="#2f3432"/><rect x="296" y="600" width="56" height="40" rx="8" fill="#2f3432"/><rect x="304" y="606" width="40" height="26" rx="4" fill="#fff4c8"/>`,
    ].join(''),
  );
  return { backdrop, counter: counter(['#a8714a', '#c99364'], planks(counterTop, sceneHeight - counterTop, 5, '#4a2c17')) };
}

function cafe(): Scene {
  const random = seeded(7);
  const bricks = Array.from({ length: 26 }, (_, row) =>
    Array.from({ length: 12 }, (_, col) => rect(col * 100 - (row % 2) * 50, row * 50, 96, 46, ['#a65a3e', '#9a5038', '#b36646'][Math.floor(random() * 3)]!, 'rx="3"')).join(''),
  ).join('');
  const chalk = `<g font-family="DejaVu Sans" fill="#f3efe6" opacity="0.9"><text x="660" y="300" font-size="54" font-weight="bold">Menu</text><text x="660" y="380" font-size="34">Espresso</text><text x="660" y="440" font-size="34">Flat white</text><text x="660" y="500" font-size="34">Chai latte</text><text x="660" y="560" font-size="34">Cake</text></g>`;
  const cup = (x: number) => `${rect(x, 870, 70, 60, '#f8f4ec', 'rx="10"')}<path d="M${x + 70} 885 q26 0 26 18 t-26 18" fill="none" stroke="#f8f4ec" stroke-width="8"/>`;
  const bokeh = [
    [120, 1080, 60],
    [300, 1200, 40],
    [980, 1120, 70],
    [860, 1320, 50],
  ]
    .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffcf7a" opacity="0.28"/>`)
    .join('');
  const backdrop = svgDocument(
    linear('cf-dark', [[0, '#2e2a26'], [1, '#1f1c19']]) + linear('cf-floor', [[0, '#4a3323'], [1, '#2c1e14']]),
    [
      `<g>${bricks}</g>`,
      rect(610, 200, 420, 420, '#24302b', 'stroke="#6b4a33" stroke-width="16" rx="6"'),
      chalk,
      rect(60, 930, 500, 18, '#6b4a33', 'rx="4"'),
      cup(100),
      cup(220),
      cup(340),
      rect(0, 1000, sceneWidth, 920, 'url(#cf-dark)', 'opacity="0.65"'),
      pendantLamp('cf-a', 250, 420, '#1f1d1b'),
      pendantLamp('cf-b', 540, 300, '#2f5d50'),
      pendantLamp('cf-c', 830, 460, '#1f1d1b'),
      bokeh,
      rect(0, 1500, sceneWidth, 420, 'url(#cf-floor)'),
    ].join(''),
  );
  const latte = `<ellipse cx="150" cy="1330" rx="105" ry="26" fill="#f4efe7"/><path d="M90 1230 h120 l-10 90 a50 14 0 0 1 -100 0 z" fill="#fbf8f2"/><ellipse cx="150" cy="1232" rx="60" ry="15" fill="#c08b5c"/><path d="M132 1230 q18 -10 36 0 q-18 8 -36 0" fill="#f4e6d2"/><path d="M210 1250 q34 4 30 34 q-4 22 -34 20" fill="none" stroke="#fbf8f2" stroke-width="10"/>`;
  return { backdrop, counter: counter(['#4a3020', '#74492d'], `${boardSeams(counterTop, 5, '#2f1d11')}${latte}`) };
}

function homeOffice(): Scene {
  const view = `${sky('ho-sky', '#b3d9ef', '#eef7fc', 180, 700)}${Array.from({ length: 14 }, (_, i) => rect(110, 200 + i * 48, 320, 16, '#f6f3ee', 'opacity="0.85"')).join('')}`;
  const board = `${rect(560, 240, 250, 190, '#c79f74', 'rx="8"')}${rect(582, 262, 80, 70, '#f7e08a')}${rect(680, 270, 100, 60, '#a8d4e6')}${rect(600, 350, 110, 60, '#f2b8a2')}`;
  const backdrop = svgDocument(
    linear('ho-wall', [[0, '#e6ebee'], [1, '#d2dade']]) + linear('ho-floor', [[0, '#b8a995'], [1, '#8f806c']]),
    [
      rect(0, 0, sceneWidth, 1560, 'url(#ho-wall)'),
      windowFrame('ho-window', 110, 180, 320, 700, '#ffffff', view),
      board,
      bookShelf(600, 620, 420, '#ffffff', 11),
      bookShelf(600, 900, 420, '#ffffff', 23),
      pottedPlant(930, 600, 0.6, '#d8cfc2', '#5c9462', '#447a4b'),
      `<rect x="640" y="780" width="110" height="100" rx="6" fill="#2e3a44"/><rect x="652" y="792" width="86" height="76" fill="#9bc4d8"/>`,
      `<path d="M400 1560 L380 1150 Q380 1100 430 1100 H650 Q700 1100 700 1150 L680 1560 z" fill="#3f4b57"/><rect x="360" y="1300" width="360" height="60" rx="20" fill="#36414b"/>`,
      rect(0, 1560, sceneWidth, 360, 'url(#ho-floor)'),
    ].join(''),
  );
  const laptop = `<path d="M760 1270 L800 1030 H1080 V1270 z" fill="#3a3f45"/><path d="M778 1255 L812 1046 H1080 V1255 z" fill="#a9cbe0"/><path d="M700 1285 H1080 V1300 H690 z" fill="#c9ced3"/>`;
  const mug = `${rect(80, 1150, 96, 130, '#e4744f', 'rx="10"')}${[92, 112, 140].map((x, i) => rect(x, 1080 + i * 12, 8, 80, ['#2f5d7c', '#e0b04a', '#34495e'][i]!, 'rx="4"')).join('')}`;
  const notebook = `<path d="M40 1560 L300 1540 L340 1760 L60 1790 z" fill="#2f5d7c"/><path d="M52 1566 L64 1782" stroke="#1f4058" stroke-width="10"/><path d="M200 1600 L215 1700" stroke="#e0b04a" stroke-width="8"/>`;
  return { backdrop, counter: counter(['#cfa97c', '#e6c59b'], `${boardSeams(counterTop, 4, '#b38d62')}${laptop}${mug}${notebook}`) };
}

function outdoor(): Scene {
  const facade = (x: number, w: number, top: number, wall: string, windowColor: string) => {
    const windows = Array.from({ length: Math.floor((1200 - top) / 170) }, (_, row) =>
      Array.from({ length: Math.floor(w / 120) }, (_, col) => rect(x + 30 + col * 120, top + 60 + row * 170, 70, 110, windowColor, 'rx="4"')).join(''),
    ).join('');
    return `${rect(x, top, w, 1300 - top, wall)}${windows}${rect(x, top, w, 20, '#000', 'opacity="0.12"')}`;
  };
  const awning = Array.from({ length: 8 }, (_, i) => rect(560 + i * 60, 1040, 60, 90, i % 2 ? '#f4efe4' : '#2f6e5e')).join('');
  const backdrop = svgDocument(
    linear('od-sky', [[0, '#7fc0ec'], [1, '#e3f2fb']]) + linear('od-walk', [[0, '#cfc8bd'], [1, '#a9a196']]),
    [
      rect(0, 0, sceneWidth, 1300, 'url(#od-sky)'),
      facade(0, 420, 300, '#d98c68', '#f7e7d6'),
      facade(420, 300, 120, '#efe1c3', '#8bb2c9'),
      facade(720, 360, 380, '#8fae9c', '#f3f0e6'),
      awning,
      rect(560, 1130, 480, 170, '#3b3f3f'),
      tree(330, 1310, 170, '#5e9a4e', '#4a8240'),
      `<rect x="880" y="720" width="12" height="590" fill="#30353a"/><path d="M886 720 q60 0 70 40" fill="none" stroke="#30353a" stroke-width="10"/><rect x="930" y="756" width="50" height="22" rx="6" fill="#fff4c8"/>`,
      rect(0, 1300, sceneWidth, 620, 'url(#od-walk)'),
      ...Array.from({ length: 6 }, (_, i) => rect(0, 1360 + i * 100, sceneWidth, 4, '#8f877c', 'opacity="0.5"')),
    ].join(''),
  );
  const random = seeded(3);
  const speckles = Array.from({ length: 260 }, () => `<circle cx="${random() * sceneWidth}" cy="${counterTop + random() * (sceneHeight - counterTop)}" r="${1 + random() * 2.5}" fill="#6f6a63" opacity="0.35"/>`).join('');
  const leaves = [
    [180, 1560, 30],
    [880, 1690, -40],
    [960, 1380, 70],
  ]
    .map(([x, y, angle]) => `<ellipse cx="${x}" cy="${y}" rx="34" ry="14" fill="#c9873f" transform="rotate(${angle} ${x} ${y})"/>`)
    .join('');
  return { backdrop, counter: counter(['#b4ada3', '#d3cdc3'], `${speckles}${rect(0, 1700, sceneWidth, 5, '#8f887e', 'opacity="0.6"')}${leaves}`) };
}

const scenes: Record<UgcBackground, () => Scene> = {
  Livingroom: livingroom,
  Kitchen: kitchen,
  Washroom: washroom,
  Bathroom: bathroom,
  Park: park,
  Cafe: cafe,
  'Home Office': homeOffice,
  Outdoor: outdoor,
};

export function drawScene(background: UgcBackground): Scene {
  return scenes[background]();
}
