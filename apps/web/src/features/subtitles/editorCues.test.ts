import { emphasisColours, parseSrt } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { editorCues, editorSrt, emphasisPalette, nextEmphasis, withEmphasis, wordsOf } from './editorCues.ts';

const srt = '1\n00:00:00,000 --> 00:00:01,000\nFresh <font color="#FFE500">bread</font> daily\n\n2\n00:00:01,000 --> 00:00:02,000\nCome early\n';

describe('the caption editor’s words', () => {
  it('shows the words without markup and saves their colours back as SRT font tags', () => {
    const cues = editorCues(srt)!;
    expect(cues[0]).toEqual({ start: 0, end: 1, text: 'Fresh bread daily', colours: [undefined, '#FFE500', undefined] });
    expect(editorSrt(cues)).toBe(srt);
  });

  it('steps a clicked word through every emphasis colour and back to none', () => {
    const seen: (string | undefined)[] = [];
    let colour: string | undefined;
    do {
      colour = nextEmphasis(colour);
      seen.push(colour);
    } while (colour);
    expect(seen).toEqual([...emphasisColours.map((c) => c.hex), undefined]);
    const cue = withEmphasis(editorCues(srt)![1]!, 1, '#32FF6A');
    expect(wordsOf(cue)).toEqual([{ text: 'Come' }, { text: 'early', colour: '#32FF6A' }]);
  });

  it('keeps typing intact and leaves emptied captions out', () => {
    const [first, second] = editorCues(srt)!;
    expect(wordsOf({ ...first!, text: 'Fresh bread ' })).toEqual([{ text: 'Fresh' }, { text: 'bread', colour: '#FFE500' }]);
    expect(parseSrt(editorSrt([{ ...first!, text: '  ' }, second!]))).toEqual([{ start: 1, end: 2, text: 'Come early' }]);
  });
});

describe('the emphasis colours of a project’s brand', () => {
  it('puts the brand’s colour first, named as one of the usual four when it is one, and steps through it', () => {
    const pink = emphasisPalette('#ff2bd6');
    expect(pink.map((c) => c.name)).toEqual(['Brand', 'Yellow', 'Green', 'Red', 'Cyan']);
    expect(nextEmphasis(undefined, pink)).toBe('#FF2BD6');
    expect(nextEmphasis('#FF2BD6', pink)).toBe('#FFE500');
    expect(nextEmphasis('#2BE3FF', pink)).toBeUndefined();
    expect(emphasisPalette('#ffe500').map((c) => c.name)).toEqual(['Yellow', 'Green', 'Red', 'Cyan']);
    expect(emphasisPalette('#32ff6a').map((c) => c.name)).toEqual(['Green', 'Yellow', 'Red', 'Cyan']);
    expect(emphasisPalette(undefined)).toEqual([...emphasisColours]);
  });
});
