import { useState } from 'react';
import type { Voiceover } from './api.ts';
import { useLatestAudio } from './queries.ts';

/** The voiceover made on this page, else the one the project already has (a reload, or a step back). */
export function useVoiceover(userId: string, projectId: string) {
  const latest = useLatestAudio(userId, projectId);
  const [made, setMade] = useState<Voiceover | null>(null);
  const voiceover: Voiceover | null = made ?? (latest.data ? { url: latest.data, duration: null } : null);
  return [voiceover, setMade] as const;
}
