#!/usr/bin/env node
// Installs the OS packages Reelsmith needs (apt-get, as root) from the one list in lib/os-tools.mjs; `--tests` adds
// what only the test suite needs (Chromium, poppler, recorded voices). `npm start` and `npm test` call the same list.
import { ensurePackages, missingPackages, testOnlyCommands, testOnlyFiles } from './lib/os-tools.mjs';

const forTests = process.argv.includes('--tests');
const missing = missingPackages().concat(forTests ? missingPackages({ commands: testOnlyCommands, fonts: false, files: testOnlyFiles }) : []);
ensurePackages([...new Set(missing)]);
console.log(missing.length === 0 ? 'OS packages: all present.' : `OS packages installed: ${missing.join(' ')}`);
