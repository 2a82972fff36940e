import { scriptTexts } from '@reelsmith/contracts';
import { describe, expect, it } from 'vitest';
import { createMediaPort } from '../media/index.ts';
import { describeTranscriberContract, makeListeningMedia } from './contract.ts';
import { createLocalTranscriber, parseWordTimes, toTranscript } from './local.ts';

const media = createMediaPort();

describeTranscriberContract('local (pocketsphinx)', async (tmpDir) => ({ transcriber: createLocalTranscriber({ tmpDir, media }), close: async () => undefined }));

it('the local transcriber fails with the user-facing message when the recogniser is missing', async () => {
  const file = makeListeningMedia();
  const missing = createLocalTranscriber({ tmpDir: file('tmp-missing'), media, command: 'no-such-pocketsphinx' });
  await expect(missing.transcribe(file('talking.mp4'))).rejects.toMatchObject({ statusCode: 503, message: scriptTexts.transcriptionFailed });
});

describe('reading pocketsphinx output', () => {
  const output = [
    'fresh coffee every minute',
    '<s> 0.070 0.120 1.000100',
    'fresh 0.130 0.510 0.927179',
    '[NOISE] 0.510 0.520 0.5',
    'coffee 0.520 0.940 0.908727',
    'minute(2) 1.390 2.040 0.947142',
    '<sil> 2.040 2.100 0.99',
    '</s> 2.050 2.350 1.000000',
  ].join('\n');

  it('keeps words with their times, drops fillers and pronunciation numbers', () => {
    expect(parseWordTimes(output)).toEqual([
      { text: 'fresh', start: 0.13, end: 0.51, confidence: 0.927179, utterance: 0 },
      { text: 'coffee', start: 0.52, end: 0.94, confidence: 0.908727, utterance: 0 },
      { text: 'minute', start: 1.39, end: 2.04, confidence: 0.947142, utterance: 0 },
    ]);
    expect(toTranscript(parseWordTimes(output)).text).toBe('fresh coffee minute');
  });

  it('treats unsure words as no speech', () => {
    const unsure = ['food 0.18 0.51 0.0125', 'food 1.21 1.51 0.0208', 'food 2.21 2.51 0.21'].join('\n');
    expect(toTranscript(parseWordTimes(unsure))).toEqual({ text: '', words: [] });
    expect(toTranscript([])).toEqual({ text: '', words: [] });
  });

  it('keeps the sentences heard clearly when another one is lost in music or echo', () => {
    const mixed = [
      '<s> 0.000 0.140 0.999100',
      'fresh 0.150 0.500 0.91',
      'bread 0.510 0.900 0.88',
      '</s> 0.910 1.000 1.000000',
      '<s> 1.200 1.220 0.999700',
      'food 1.230 1.500 0.02',
      'food 1.510 1.800 0.05',
      'food 1.810 2.100 0.03',
      'food 2.110 2.400 0.01',
      '</s> 2.410 2.500 1.000000',
    ].join('\n');
    expect(toTranscript(parseWordTimes(mixed))).toEqual({
      text: 'fresh bread',
      words: [
        { text: 'fresh', start: 0.15, end: 0.5 },
        { text: 'bread', start: 0.51, end: 0.9 },
      ],
    });
  });
});
