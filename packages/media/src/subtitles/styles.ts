export const subtitleStyleNames = [
  'Default',
  'Mr Beast',
  'Hormozi',
  'BG Pop',
  'Noah',
  'Ali Abdal',
  'Playful',
  'Open Sans',
  'Lato',
] as const;
export type SubtitleStyleName = (typeof subtitleStyleNames)[number];

export const subtitlePositions = ['middle', 'bottom'] as const;
export type SubtitlePosition = (typeof subtitlePositions)[number];
export const subtitleSizes = ['small', 'medium', 'large'] as const;
export type SubtitleSize = (typeof subtitleSizes)[number];

/** Colours are '#RRGGBB'; sizes are pixels at 1920 lines. */
export interface SubtitleStyle {
  name: SubtitleStyleName;
  /** A family fontconfig resolves on the render machines (OS font packages). */
  fontName: string;
  primaryColour: string;
  outline: number;
  outlineColour: string;
  bold: boolean;
  italic: boolean;
  shadow: number;
  uppercase: boolean;
  /** box: an opaque box in outlineColour behind the text instead of a stroke. */
  border: 'outline' | 'box';
  /** Animated styles colour the word being spoken; the caption then changes with every word. */
  highlightColour?: string;
  /** Percent size of the word being spoken. */
  popScale?: number;
}

const black = '#000000';
const white = '#FFFFFF';
const plain = { primaryColour: white, outlineColour: black, italic: false, shadow: 0, uppercase: false, border: 'outline' } as const;

export const subtitleStyles: Record<SubtitleStyleName, SubtitleStyle> = {
  Default: { ...plain, name: 'Default', fontName: 'Roboto', outline: 5, bold: true },
  'Mr Beast': {
    ...plain,
    name: 'Mr Beast',
    fontName: 'League Spartan Black',
    outline: 9,
    bold: false,
    uppercase: true,
    shadow: 4,
    highlightColour: '#FFE500',
    popScale: 118,
  },
  Hormozi: {
    ...plain,
    name: 'Hormozi',
    fontName: 'Inter Black',
    outline: 7,
    bold: false,
    uppercase: true,
    highlightColour: '#32FF6A',
    popScale: 110,
  },
  'BG Pop': {
    ...plain,
    name: 'BG Pop',
    fontName: 'Roboto Black',
    primaryColour: '#111111',
    outline: 14,
    outlineColour: white,
    bold: false,
    border: 'box',
    highlightColour: '#D6246E',
    popScale: 112,
  },
  Noah: { ...plain, name: 'Noah', fontName: 'Bebas Neue', outline: 5, bold: true, uppercase: true, highlightColour: '#FF6A2B' },
  'Ali Abdal': {
    ...plain,
    name: 'Ali Abdal',
    fontName: 'Inter Semi Bold',
    outline: 3,
    bold: false,
    shadow: 3,
    highlightColour: '#FFC94A',
  },
  Playful: {
    ...plain,
    name: 'Playful',
    fontName: 'League Spartan',
    outline: 7,
    outlineColour: '#5B1A8C',
    bold: true,
    highlightColour: '#2BE3FF',
    popScale: 125,
  },
  'Open Sans': { ...plain, name: 'Open Sans', fontName: 'Open Sans', outline: 5, bold: true },
  Lato: { ...plain, name: 'Lato', fontName: 'Lato', outline: 5, bold: true },
};

export const isAnimated = (style: SubtitleStyle): boolean => style.highlightColour !== undefined || style.popScale !== undefined;

const referenceHeight = 1920;
const fontSizes: Record<SubtitleSize, number> = { small: 64, medium: 80, large: 100 };
/** Bottom captions sit above the caption/button area the short-video apps draw over the lowest sixth. */
const bottomMargin = 340;

export interface SubtitleLayout {
  fontSize: number;
  /** Distance of the caption's lowest line from the bottom edge (ASS bottom-centre alignment). */
  marginV: number;
}

/** Layout at 1080x1920; the ASS file declares that resolution and libass scales it to any output size. */
export function subtitleLayout(position: SubtitlePosition, size: SubtitleSize): SubtitleLayout {
  const fontSize = fontSizes[size];
  const marginV = position === 'bottom' ? bottomMargin : Math.round(referenceHeight / 2 - fontSize / 2);
  return { fontSize, marginV };
}

/** '#RRGGBB' -> ASS '&H00BBGGRR' (alpha first, then blue-green-red). */
export function assColour(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #RRGGBB colour: ${hex}`);
  return `&H00${m[3]}${m[2]}${m[1]}`.toUpperCase();
}

/** ASS booleans are -1 and 0. */
export const assFlag = (on: boolean): number => (on ? -1 : 0);

export interface SubtitlePreview {
  margin_v: number;
  font_size: number;
  style_string: string;
}

/**
 * The spec's subtitle preview: margin and size in pixels of the given output height (1920 for the final video, 960 for
 * previews) and the style as an ASS override list (font name, primary colour, outline, outline colour, bold, italic).
 */
export function subtitlePreview(
  styleName: SubtitleStyleName,
  size: SubtitleSize,
  position: SubtitlePosition,
  outputHeight = referenceHeight,
): SubtitlePreview {
  const style = subtitleStyles[styleName];
  const k = outputHeight / referenceHeight;
  const { fontSize, marginV } = subtitleLayout(position, size);
  const styleString = [
    `FontName=${style.fontName}`,
    `PrimaryColour=${assColour(style.primaryColour)}`,
    `Outline=${round1(style.outline * k)}`,
    `OutlineColour=${assColour(style.outlineColour)}`,
    `Bold=${assFlag(style.bold)}`,
    `Italic=${assFlag(style.italic)}`,
  ].join(',');
  return { margin_v: Math.round(marginV * k), font_size: Math.round(fontSize * k), style_string: styleString };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
