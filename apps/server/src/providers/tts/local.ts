import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isVoiceName, voiceLabels, voiceNames } from '@reelsmith/contracts';
import { festivalSentences } from './festival.ts';
import { fliteSentence } from './flite.ts';
import { localVoices, paceFromInstructions, type LocalVoice } from './local-voices.ts';
import type { MediaPort } from '../media/types.ts';
import { joinPieceWords, masterSpeech, probePiece, type RawPiece } from './master.ts';
import { TtsError, type SpeechRequest, type TtsProvider, type WordTiming } from './types.ts';
import { fillGaps, scriptWords, splitSentences, timeScriptWords } from './words.ts';

interface Sentence {
  text: string;
  words: string[];
  wavPath: string;
}

/** Raw pieces and their word times (on each piece's own clock) from whichever engine the voice uses. */
async function speak(media: MediaPort, voice: LocalVoice, pace: number, sentences: Sentence[], scratchDir: string, signal?: AbortSignal) {
  const engine = voice.engine;
  const timings: WordTiming[][] = [];
  const pieces: RawPiece[] = [];
  if (engine.kind === 'festival-hts') {
    const tokens = await festivalSentences({ engine, pace, sentences, scratchDir, signal });
    for (const [i, sentence] of sentences.entries()) {
      const piece = await probePiece(media, sentence.wavPath, signal);
      pieces.push(piece);
      timings.push(timeScriptWords(sentence.words, tokens[i]!, piece.duration));
    }
  } else {
    // One sentence at a time: flite restarts its clock for every utterance, and a file per sentence keeps it exact.
    for (const sentence of sentences) {
      const { text, words, wavPath } = sentence;
      const partial = await fliteSentence({ engine, pace, sentence: text, words, wavPath, scratchDir, signal });
      const piece = await probePiece(media, sentence.wavPath, signal);
      pieces.push(piece);
      timings.push(fillGaps(partial, piece.duration));
    }
  }
  return { pieces, words: joinPieceWords(pieces, timings) };
}

/**
 * The offline voices: festival (HTS) and flite from Debian, no network and no model downloads. Word times come from
 * the engines' own segment timing (festival's word_start/word_end, flite's phone durations), so captions follow
 * what was actually synthesised; test/tts-timing.test.ts measures them against the audio.
 */
export function createLocalTts(options: { tmpDir: string; media: MediaPort }): TtsProvider {
  return {
    kind: 'local',
    voices: () => voiceNames.map((name) => ({ name, label: voiceLabels[name] })),
    async synthesize(request: SpeechRequest) {
      if (!isVoiceName(request.voice)) throw new TtsError('invalid', `unknown voice ${String(request.voice)}`);
      const sentences = splitSentences(request.text);
      if (sentences.length === 0) throw new TtsError('invalid', 'the text has no words to speak');
      const voice = localVoices[request.voice];
      await mkdir(options.tmpDir, { recursive: true });
      const scratchDir = await mkdtemp(join(options.tmpDir, 'tts-'));
      try {
        const planned = sentences.map((text, i) => ({ text, words: scriptWords(text), wavPath: join(scratchDir, `s${i}.wav`) }));
        const { pieces, words } = await speak(options.media, voice, paceFromInstructions(request.instructions), planned, scratchDir, request.signal);
        return await masterSpeech(options.media, { pieces, words, outputPath: request.outputPath, shift: voice.shift, signal: request.signal });
      } finally {
        await rm(scratchDir, { recursive: true, force: true });
      }
    },
  };
}
