import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, tempDir } from '../../test/fixtures.ts';
import type { Word } from '../composition.ts';
import { buildAss, chunkWords } from './ass.ts';
import { isAnimated, subtitlePositions, subtitleSizes, subtitleStyleNames, subtitleStyles } from './styles.ts';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

/** Nine seconds of speech-like timings with a pause, punctuation and a word typed with override braces. */
const words: Word[] = "Fresh bread, every morning at Rosa's {bakery}. Come early: rolls sell out fast! Order online".split(' ').map((text, i) => {
  const start = i * 0.55 + (i >= 6 ? 1.2 : 0);
  return { text, start, end: start + 0.45 };
});

const section = (ass: string, name: string) => ass.split(`[${name}]\n`)[1]!.split('\n\n')[0]!.trimEnd().split('\n');
const seconds = (time: string) => {
  const [h, m, s] = time.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
};

/** The structure libass relies on, checked field by field. */
function expectValidAss(ass: string, fontName: string, cueCount: number) {
  expect(ass.startsWith('[Script Info]\n')).toBe(true);
  expect(ass.indexOf('[V4+ Styles]')).toBeLessThan(ass.indexOf('[Events]'));
  const info = section(ass, 'Script Info');
  expect(info).toEqual(expect.arrayContaining(['ScriptType: v4.00+', 'PlayResX: 1080', 'PlayResY: 1920']));

  const [styleFormat, styleLine, ...moreStyles] = section(ass, 'V4+ Styles');
  expect(moreStyles).toEqual([]);
  const names = styleFormat!.replace('Format: ', '').split(', ');
  const values = styleLine!.replace('Style: ', '').split(',');
  expect(values).toHaveLength(names.length);
  const style = Object.fromEntries(names.map((n, i) => [n, values[i]!]));
  expect(style.Fontname).toBe(fontName);
  for (const colour of ['PrimaryColour', 'SecondaryColour', 'OutlineColour', 'BackColour']) expect(style[colour]).toMatch(/^&H[0-9A-F]{8}$/);
  for (const flag of ['Bold', 'Italic', 'Underline', 'StrikeOut']) expect(['-1', '0']).toContain(style[flag]);
  expect(['1', '3']).toContain(style.BorderStyle);
  for (const n of ['Fontsize', 'Outline', 'Shadow', 'MarginV', 'ScaleX', 'ScaleY']) expect(Number(style[n])).toBeGreaterThanOrEqual(0);

  const [eventFormat, ...events] = section(ass, 'Events');
  const eventFields = eventFormat!.replace('Format: ', '').split(', ');
  expect(eventFields.at(-1)).toBe('Text');
  expect(events.length).toBeGreaterThanOrEqual(cueCount);
  let previousEnd = 0;
  for (const event of events) {
    expect(event).toMatch(/^Dialogue: /);
    const fields = event.replace('Dialogue: ', '').split(',');
    const text = fields.slice(eventFields.length - 1).join(',');
    const [start, end] = [seconds(fields[1]!), seconds(fields[2]!)];
    expect(fields[1]).toMatch(/^\d:\d{2}:\d{2}\.\d{2}$/);
    expect(end).toBeGreaterThan(start);
    expect(start).toBeGreaterThanOrEqual(previousEnd - 1e-9);
    previousEnd = end;
    expect(fields[3]).toBe('Main');
    // Every override block is closed, holds only tags, and nothing the user typed opens one.
    const blocks = text.match(/\{[^{}]*\}/g) ?? [];
    for (const block of blocks) expect(block).toMatch(/^\{(\\(c&H[0-9A-F]{8}&|fscx\d+|fscy\d+|r))+\}$/);
    expect(text.replace(/\{[^{}]*\}/g, '')).not.toMatch(/[{}\\]/);
  }
}

describe('every subtitle style compiles to valid ASS', () => {
  const cues = (n: 3 | 4 | 5) => chunkWords(words, n);

  it.each(subtitleStyleNames)('%s, at every position, size and words per screen', (name) => {
    for (const position of subtitlePositions) {
      for (const fontSize of subtitleSizes) {
        for (const n of [3, 4, 5] as const) {
          expectValidAss(buildAss(cues(n), { style: name, position, fontSize }), subtitleStyles[name].fontName, cues(n).length);
        }
      }
    }
    const ass = buildAss(cues(3), { style: name, position: 'bottom', fontSize: 'medium' });
    const perWord = ass.split('\n').filter((l) => l.startsWith('Dialogue:')).length;
    expect(perWord).toBe(isAnimated(subtitleStyles[name]) ? words.length : cues(3).length);
  });

  it.each(subtitleStyleNames)('%s is read back by ffmpeg’s ASS parser with every event', async (name) => {
    const path = join(dir, `${name.replace(' ', '-')}.ass`);
    const ass = buildAss(cues(4), { style: name, position: 'middle', fontSize: 'large' });
    await writeFile(path, ass);
    const copied = (await ffmpeg(['-i', path, '-c:s', 'copy', '-f', 'ass', 'pipe:1'])).toString('utf8');
    const dialogues = (text: string) => text.split(/\r?\n/).filter((l) => l.startsWith('Dialogue:')).length;
    expect(dialogues(copied)).toBe(dialogues(ass));
    expect(copied).toContain(`Style: Main,${subtitleStyles[name].fontName},`);
  });
});
