import { emphasisColours, parseSrt } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { editorCues, editorSrt, nextEmphasis, withEmphasis, wordsOf } from './editorCues.ts';

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
