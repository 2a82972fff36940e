import { describe, expect, it } from 'vitest';
import type { Word } from '../composition.ts';
import { assTime, buildAss, chunkWords } from './ass.ts';
import { subtitlePreview, subtitleStyleNames, subtitleStyles } from './styles.ts';

const words = (texts: string[], step = 0.4, from = 0): Word[] =>
  texts.map((text, i) => ({ text, start: from + i * step, end: from + i * step + 0.3 }));

const dialogues = (ass: string) => ass.split('\n').filter((l) => l.startsWith('Dialogue:'));

describe('chunkWords', () => {
  const ten = words('one two three four five six seven eight nine ten'.split(' '));

  it.each([
    [3, [3, 3, 3, 1]],
    [4, [4, 4, 2]],
    [5, [5, 5]],
  ] as const)('puts at most %i words on a screen', (n, sizes) => {
    expect(chunkWords(ten, n).map((c) => c.words.length)).toEqual(sizes);
  });

  it('bridges short gaps between captions and breaks on a pause', () => {
    const spoken = [...words(['a', 'b', 'c']), ...words(['d', 'e'], 0.4, 3)];
    const cues = chunkWords(spoken, 5);
    expect(cues.map((c) => c.words.map((w) => w.text).join(''))).toEqual(['abc', 'de']);
    expect(cues[0]!.end).toBeCloseTo(1.1);
    const steady = chunkWords(words(['a', 'b', 'c', 'd', 'e', 'f']), 3);
    expect(steady[0]!.end).toBe(steady[1]!.start);
  });

  it('never runs a caption across a sentence end', () => {
    const spoken = words('Perfect for commuters. Come before "nine!" (Or after.) Thanks'.split(' '));
    expect(chunkWords(spoken, 5).map((c) => c.words.map((w) => w.text).join(' '))).toEqual([
      'Perfect for commuters.',
      'Come before "nine!"',
      '(Or after.)',
      'Thanks',
    ]);
  });
});

describe('buildAss', () => {
  const cues = chunkWords(words(['Stop', 'scrolling', 'right', 'now']), 4);

  it('writes one event per caption for static styles', () => {
    const ass = buildAss(cues, { style: 'Lato', position: 'bottom', fontSize: 'medium' });
    expect(ass).toContain('PlayResX: 1080\nPlayResY: 1920');
    expect(ass).toMatch(/^Style: Main,Lato,80,&H00FFFFFF,/m);
    expect(dialogues(ass)).toEqual(['Dialogue: 0,0:00:00.00,0:00:01.50,Main,,0,0,0,,Stop scrolling right now']);
  });

  it('writes one event per spoken word with that word highlighted for animated styles', () => {
    const ass = buildAss(cues, { style: 'Mr Beast', position: 'middle', fontSize: 'large' });
    const events = dialogues(ass);
    expect(events).toHaveLength(4);
    expect(events[1]).toBe(
      'Dialogue: 0,0:00:00.40,0:00:00.80,Main,,0,0,0,,STOP {\\c&H0000E5FF&\\fscx118\\fscy118}SCROLLING{\\r} RIGHT NOW',
    );
    const boundaries = events.map((e) => e.split(',').slice(1, 3));
    for (let i = 1; i < boundaries.length; i++) expect(boundaries[i]![0]).toBe(boundaries[i - 1]![1]);
  });

  it('keeps override braces typed by the user out of the script', () => {
    const ass = buildAss(chunkWords(words(['{\\b1}bold']), 3), { style: 'Default', position: 'bottom', fontSize: 'small' });
    expect(dialogues(ass)[0]).toMatch(/,b1bold$/);
  });

  it('formats times as H:MM:SS.cc', () => {
    expect(assTime(3723.456)).toBe('1:02:03.46');
    expect(assTime(0)).toBe('0:00:00.00');
  });
});

describe('subtitlePreview', () => {
  it('gives margin, size and the ASS style list at the output height', () => {
    expect(subtitlePreview('Mr Beast', 'medium', 'bottom')).toEqual({
      margin_v: 340,
      font_size: 80,
      style_string: 'FontName=League Spartan Black,PrimaryColour=&H00FFFFFF,Outline=9,OutlineColour=&H00000000,Bold=0,Italic=0',
    });
    expect(subtitlePreview('Lato', 'large', 'middle', 960)).toMatchObject({ margin_v: 455, font_size: 50 });
  });

  it('has a record for each of the nine styles of the spec', () => {
    expect(subtitleStyleNames).toHaveLength(9);
    for (const name of subtitleStyleNames) expect(subtitleStyles[name].name).toBe(name);
  });
});

describe('fitting the frame', () => {
  it('shrinks a caption whose longest word would run off the frame, and only that caption', () => {
    const spoken = chunkWords(words(['Visit', 'reelsmith-supercalifragilistic.example.', 'Now']), 3);
    const [first, long, next] = dialogues(buildAss(spoken, { style: 'Mr Beast', position: 'bottom', fontSize: 'large' }));
    const scale = Number(/^\{\\fscx(\d+)\\fscy\1\}/.exec(long!.split(',,').at(-1)!)?.[1]);
    expect(scale).toBeGreaterThan(20);
    expect(scale).toBeLessThan(50);
    expect(long).toContain(`\\fscx${Math.round(1.18 * scale)}`);
    expect(long).toContain(`{\\r\\fscx${scale}\\fscy${scale}}`);
    expect(first).toContain(`VISIT{\\r\\fscx${scale}\\fscy${scale}} REELSMITH`);
    expect(next).toBe('Dialogue: 0,0:00:00.80,0:00:01.10,Main,,0,0,0,,{\\c&H0000E5FF&\\fscx118\\fscy118}NOW{\\r}');
  });

  it('gives the spoken word the brand’s colour where the style colours it, and changes nothing where it does not', () => {
    const cues = chunkWords(words(['Stop', 'scrolling', 'right', 'now']), 4);
    const brand = { position: 'bottom', fontSize: 'medium', highlightColour: '#1a2b3c' } as const;
    const hormozi = dialogues(buildAss(cues, { ...brand, style: 'Hormozi' }));
    expect(hormozi[1]).toContain('{\\c&H003C2B1A&\\fscx110\\fscy110}SCROLLING{\\r}');
    expect(hormozi.join('\n')).not.toContain('&H006AFF32&');
    expect(buildAss(cues, { ...brand, style: 'Hormozi' })).toMatch(/^Style: Main,Inter Black,80,&H00FFFFFF,&H003C2B1A,/m);
    expect(buildAss(cues, { ...brand, style: 'Lato' })).toBe(buildAss(cues, { style: 'Lato', position: 'bottom', fontSize: 'medium' }));
  });

  it('colours an emphasised word and goes back to the style’s colour after it', () => {
    const spoken = chunkWords([...words(['Fresh', 'bread']), { text: 'daily', start: 0.8, end: 1.1, colour: '#ffe500' }], 3);
    expect(dialogues(buildAss(spoken, { style: 'Lato', position: 'bottom', fontSize: 'medium' }))[0]).toMatch(
      /,,Fresh bread \{\\c&H0000E5FF&\}daily\{\\c&H00FFFFFF&\}$/,
    );
  });
});
