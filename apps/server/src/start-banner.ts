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
