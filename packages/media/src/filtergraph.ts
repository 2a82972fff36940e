/**
 * A value inside a -filter_complex string is unescaped twice: once by the filter's option parser (where ':' splits
 * options) and once by the graph parser (where ',', ';', '[' and ']' split filters). File names go through both.
 */
export function escapeFilterValue(value: string): string {
  const optionLevel = value.replace(/[\\':]/g, '\\$&');
  return optionLevel.replace(/[\\'[\],;]/g, '\\$&');
}

/** Seconds as ffmpeg reads them, without float noise such as 2.9999999999999996. */
export const sec = (n: number): string => String(Math.round(n * 1000) / 1000);

/** Accumulates `-i` inputs and `-filter_complex` chains with unique labels. */
export class GraphBuilder {
  readonly inputArgs: string[] = [];
  readonly chains: string[] = [];
  private inputs = 0;
  private labels = 0;

  /** ffmpeg is told to open local files only, whatever a path looks like. */
  input(path: string, options: string[] = []): number {
    this.inputArgs.push(...options, '-protocol_whitelist', 'file,pipe', '-i', path);
    return this.inputs++;
  }

  label(prefix: string): string {
    return `${prefix}${this.labels++}`;
  }

  /** Adds `[in...]filters[out]` and returns the out label. */
  chain(inputs: string[], filters: string, prefix = 'v'): string {
    const out = this.label(prefix);
    this.chains.push(`${inputs.map((l) => `[${l}]`).join('')}${filters}[${out}]`);
    return out;
  }
}
