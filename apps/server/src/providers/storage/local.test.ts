import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeStorageContract } from './contract.ts';
import { createLocalStorage } from './local.ts';

describeStorageContract('local', async () => ({ storage: createLocalStorage(mkdtempSync(join(tmpdir(), 'rs-local-'))), close: async () => undefined }));
