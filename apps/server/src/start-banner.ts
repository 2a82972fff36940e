/**
 * The lines a person starting the app looks for among the log: the address to open, framed so it stands out, and where
 * the data lives. Colour only for a terminal, so a log file holds plain text.
 */
export function startBanner(at: { url: string; database: string; dataDir: string; color: boolean }): string {
  const lines = [`Reelsmith is running at ${at.url}`, `Database: ${at.database}`, `Data: ${at.dataDir}`];
  const width = Math.max(...lines.map((line) => line.length)) + 2;
  const bold = (text: string) => (at.color ? `\u001b[1;32m${text}\u001b[0m` : text);
  const rule = `+${'-'.repeat(width)}+`;
  const row = (line: string, index: number) => `| ${index === 0 ? bold(line) : line}${' '.repeat(width - line.length - 1)}|`;
  return ['', rule, ...lines.map(row), rule, ''].join('\n');
}

/**
 * Where the dev mailbox is, while mail stays in the outbox. A developer's start prints the link with the operator
 * token once; a deployment's log is read by more people than the operator (a log service, a support desk), so it
 * names only where the token is kept.
 */
export function mailboxLine(at: { publicUrl: string; operatorToken: string; deployment: boolean }): string {
  if (at.deployment) return `Dev mailbox (operator only): ${at.publicUrl}/dev/mailbox, opened with the operator token (OPERATOR_TOKEN, or DATA_DIR/operator-token)`;
  return `Dev mailbox (operator only, keep this link private): ${at.publicUrl}/dev/mailbox?token=${encodeURIComponent(at.operatorToken)}`;
}

/** What start-up knows of the providers: which capabilities run on an offline stand-in. */
export interface ProviderChoices {
  videoGeneration: { fal?: unknown; replicate?: unknown };
  imageGeneration: { openai?: unknown; fal?: unknown };
  llm?: unknown;
  tts: { openai?: unknown };
  pexels?: unknown;
}

/**
 * The operator's set-up hint, printed at start rather than shown to customers (who see "Motion template" and the like):
 * each capability on its offline stand-in, with the settings that switch a vendor on. Null when every one has a vendor.
 */
export function standInsLine(config: ProviderChoices): string | null {
  const standIns = [
    !config.videoGeneration.fal && !config.videoGeneration.replicate
      ? 'AI video: motion templates (FAL_KEY + FAL_MODEL_IMAGE_TO_VIDEO, or REPLICATE_API_TOKEN + REPLICATE_MODEL_IMAGE_TO_VIDEO)'
      : null,
    !config.imageGeneration.openai && !config.imageGeneration.fal ? 'AI images: image templates (OPENAI_IMAGE_API_KEY, or FAL_KEY + FAL_MODEL_IMAGE_EDIT)' : null,
    config.llm ? null : 'writing: offline copywriter (LLM_BASE_URL + LLM_MODEL)',
    config.tts.openai ? null : 'voices: offline voices (OPENAI_API_KEY)',
    config.pexels ? null : 'stock: built-in library (PEXELS_API_KEY)',
  ].filter((line): line is string => line !== null);
  return standIns.length ? `Offline stand-ins (operator only; set the settings named to use a vendor): ${standIns.join('; ')}` : null;
}

