/**
 * SPEC §9 Script and audio: the nine voices with their labels, and the tones a cloned voice can take. The names are
 * OpenAI's speech voices, so the OpenAI adapter uses them as they are; the offline voices are built to match each
 * label (docs/tts-voices.md).
 */
export const voiceNames = ['alloy', 'ash', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer'] as const;
export type VoiceName = (typeof voiceNames)[number];

export interface VoiceLabel {
  gender: 'Female' | 'Male' | 'Neutral';
  accent: string;
  tone: string;
}

export const voiceLabels: Record<VoiceName, VoiceLabel> = {
  alloy: { gender: 'Neutral', accent: 'American', tone: 'Balanced' },
  ash: { gender: 'Male', accent: 'American', tone: 'Warm' },
  coral: { gender: 'Female', accent: 'American', tone: 'Cheerful' },
  echo: { gender: 'Male', accent: 'American', tone: 'Clear' },
  fable: { gender: 'Male', accent: 'Scottish', tone: 'Storyteller' },
  onyx: { gender: 'Male', accent: 'American', tone: 'Deep' },
  nova: { gender: 'Female', accent: 'American', tone: 'Energetic' },
  sage: { gender: 'Female', accent: 'American', tone: 'Calm' },
  shimmer: { gender: 'Female', accent: 'American', tone: 'Soft' },
};

/** How a voice is listed: "Female, American, Calm". */
export function voiceLabelText(name: VoiceName): string {
  const { gender, accent, tone } = voiceLabels[name];
  return `${gender}, ${accent}, ${tone}`;
}

export const defaultVoice: VoiceName = 'alloy';

export const clonedVoiceEmotions = ['auto', 'neutral', 'happy', 'sad', 'angry', 'excited', 'empathetic'] as const;
export type ClonedVoiceEmotion = (typeof clonedVoiceEmotions)[number];

export function isVoiceName(value: string): value is VoiceName {
  return (voiceNames as readonly string[]).includes(value);
}
