import { describe, expect, it } from 'vitest';
import { cueText, cueWords, finalVideoFields, formatSrt, generateSubtitlesRequest, parseSrt, srtTime } from './subtitles.ts';

describe('SRT', () => {
  const cues = [
    { start: 0.2, end: 1.45, text: 'Grow your bakery' },
    { start: 1.45, end: 3725.0015, text: 'every single morning' },
  ];

  it('writes numbered blocks with HH:MM:SS,mmm times and reads them back', () => {
    const srt = formatSrt(cues);
    expect(srt).toBe('1\n00:00:00,200 --> 00:00:01,450\nGrow your bakery\n\n2\n00:00:01,450 --> 01:02:05,002\nevery single morning\n');
    expect(parseSrt(srt)).toEqual([cues[0], { ...cues[1], end: 3725.002 }]);
    expect(srtTime(59.9996)).toBe('00:01:00,000');
  });

  it('accepts CRLF, a byte-order mark, extra blank lines and multi-line text', () => {
    expect(parseSrt('\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nTwo\r\nlines\r\n\r\n\r\n')).toEqual([{ start: 1, end: 2, text: 'Two lines' }]);
    expect(parseSrt('  \n')).toEqual([]);
  });

  it.each([
    ['a missing number', '00:00:01,000 --> 00:00:02,000\nText\n'],
    ['numbers out of order', '2\n00:00:01,000 --> 00:00:02,000\nText\n'],
    ['a dot before the milliseconds', '1\n00:00:01.000 --> 00:00:02,000\nText\n'],
    ['an end before the start', '1\n00:00:03,000 --> 00:00:02,000\nText\n'],
    ['no text', '1\n00:00:01,000 --> 00:00:02,000\n'],
    ['seconds past 59', '1\n00:00:61,000 --> 00:01:02,000\nText\n'],
    ['plain prose', 'Just some words typed into the box'],
  ])('refuses %s', (_, text) => {
    expect(parseSrt(text)).toBeNull();
  });
});

describe('form fields', () => {
  it('reads words per chunk from a form string and refuses other counts', () => {
    const base = { user_id: 'u1', subtitle_position: 'bottom', subtitle_font_size: 'medium' };
    expect(generateSubtitlesRequest.parse({ ...base, words_per_chunk: '4' }).words_per_chunk).toBe(4);
    expect(generateSubtitlesRequest.safeParse({ ...base, words_per_chunk: '6' }).success).toBe(false);
    expect(generateSubtitlesRequest.safeParse({ ...base, words_per_chunk: 'three' }).success).toBe(false);
  });

  it('defaults the final video form to no subtitle text and checks the style name', () => {
    const fields = { user_id: 'u1', subtitle_position: 'middle', subtitle_font_size: 'large', words_per_chunk: '3', subtitle_enabled: 'No' };
    expect(finalVideoFields.parse({ ...fields, subtitle_style: 'Mr Beast' }).subtitle_srt).toBe('');
    expect(finalVideoFields.safeParse({ ...fields, subtitle_style: 'Comic Sans' }).success).toBe(false);
  });
});

describe('emphasised words', () => {
  it('travel in SRT font tags and come back as the same words', () => {
    const words = [{ text: 'Fresh' }, { text: 'bread,', colour: '#FFE500' }, { text: 'daily.' }];
    const text = cueText(words);
    expect(text).toBe('Fresh <font color="#FFE500">bread,</font> daily.');
    expect(cueWords(text)).toEqual(words);
    expect(parseSrt(formatSrt([{ start: 0, end: 1, text }]))![0]!.text).toBe(text);
  });

  it('read a malformed tag as plain words rather than losing them', () => {
    expect(cueWords('<font color="red">hot</font> deal').map((w) => w.colour)).toEqual([undefined, undefined, undefined]);
    expect(cueWords('<font color="#32ff6a">hot</font>')).toEqual([{ text: 'hot', colour: '#32FF6A' }]);
  });
});
