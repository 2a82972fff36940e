import { execFile } from 'node:child_process';

/**
 * drawtext needs a font file where libass takes a family name. fontconfig answers with its nearest match whatever it
 * is asked, so the family it answers with is checked: a brand font that is not installed must fail, not quietly
 * become DejaVu Sans.
 */

/** fontconfig pattern syntax: these separate a pattern's parts unless escaped. */
const patternEscape = (family: string) => family.replace(/[\\:,=-]/g, '\\$&');

/**
 * Arguments for fc-match (without the binary): the families it matched on one line, the file on the next. The
 * regular style is named too, since a bare family may match a Medium or Book cut first.
 */
export function fontMatchArgs(family: string, opts: { bold?: boolean } = {}): string[] {
  return ['-f', '%{family}\n%{file}', `${patternEscape(family)}:style=${opts.bold ? 'Bold' : 'Regular'}`];
}

/** The file out of fc-match's answer, if the match is the family asked for (one of the names it lists). */
export function matchedFontFile(family: string, answer: string): string {
  const [families = '', file = ''] = answer.split('\n');
  const names = families.split(',').map((n) => n.trim().toLowerCase());
  if (!names.includes(family.trim().toLowerCase()) || !file) {
    throw new Error(`the font family '${family}' is not installed (fontconfig offers '${families}')`);
  }
  return file;
}

export function fontFileOf(family: string, opts: { bold?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile('fc-match', fontMatchArgs(family, opts), (error, out) => {
      if (error) reject(error);
      else {
        try {
          resolve(matchedFontFile(family, out));
        } catch (e) {
          reject(e as Error);
        }
      }
    }),
  );
}
