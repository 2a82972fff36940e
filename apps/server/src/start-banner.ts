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
