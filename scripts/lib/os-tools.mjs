import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** What the product needs from the OS, and the Debian package that provides each piece. */
export const requiredCommands = [
  { command: 'ffmpeg', pkg: 'ffmpeg' },
  { command: 'ffprobe', pkg: 'ffmpeg' },
  { command: 'flite', pkg: 'flite' },
  { command: 'espeak-ng', pkg: 'espeak-ng' },
  { command: 'festival', pkg: 'festival' },
  { command: 'pocketsphinx_continuous', pkg: 'pocketsphinx' },
  { command: 'fc-list', pkg: 'fontconfig' },
];

export const requiredFonts = [
  { family: 'Open Sans', pkg: 'fonts-open-sans' },
  { family: 'Lato', pkg: 'fonts-lato' },
  { family: 'Bebas Neue', pkg: 'fonts-bebas-neue' },
  { family: 'Inter', pkg: 'fonts-inter' },
  { family: 'Roboto', pkg: 'fonts-roboto' },
  { family: 'League Spartan', pkg: 'fonts-league-spartan' },
];

/** Data packages, known by a path they install: the speech recogniser's US English model, festival's HTS voice. */
export const requiredFiles = [
  { path: '/usr/share/pocketsphinx/model/en-us/en-us', pkg: 'pocketsphinx-en-us' },
  { path: '/usr/share/festival/voices/us/cmu_us_slt_arctic_hts', pkg: 'festvox-us-slt-hts' },
];

export const testOnlyCommands = [{ command: 'chromium', pkg: 'chromium' }, { command: 'pdftotext', pkg: 'poppler-utils' }, { command: 'tesseract', pkg: 'tesseract-ocr' }];
/** Real recorded voices (LibriVox, public domain) the speech recognition tests listen to. */
export const testOnlyFiles = [{ path: '/usr/share/pocketsphinx/test/data/librivox', pkg: 'pocketsphinx-testdata' }];

function hasCommand(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function installedFontFamilies() {
  if (!hasCommand('fc-list')) return new Set();
  const out = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
  return new Set(out.split('\n').flatMap((line) => line.split(',')).map((f) => f.trim()));
}

/** The Debian packages still missing for the given commands and data files (and the fonts, when asked). */
export function missingPackages({ commands = requiredCommands, fonts = true, files = fonts ? requiredFiles : [] } = {}) {
  const missing = new Set(commands.filter((c) => !hasCommand(c.command)).map((c) => c.pkg));
  if (fonts) {
    const families = installedFontFamilies();
    for (const font of requiredFonts) if (!families.has(font.family)) missing.add(font.pkg);
  }
  for (const file of files) if (!existsSync(file.path)) missing.add(file.pkg);
  return [...missing];
}

/** Installs with apt-get when it can (root on Debian/Ubuntu); otherwise says exactly what to run and fails. */
export function ensurePackages(packages) {
  if (packages.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasCommand('apt-get')) {
    console.error(`Reelsmith needs these OS packages: ${packages.join(', ')}.\nInstall them with:\n  sudo sh -c '${command}'`);
    process.exit(1);
  }
  console.log(`Installing OS packages: ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const result = spawnSync('sh', ['-c', command], { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`apt-get failed (exit ${result.status}). Run it yourself:\n  ${command}`);
    process.exit(1);
  }
}
