import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileUrlSigner } from '../../core/files/file-urls.ts';
import { createMediaLibrary } from '../../modules/library/library.ts';
import { libraryItemsHere } from '../../modules/library/library-makers.ts';
import { operatorTasks } from '../../modules/library/library-operator.ts';
import { createMediaPort } from '../media/index.ts';
import { createStorage } from '../storage/index.ts';
import { describeStockContract, stockContractSubjects } from './contract.ts';
import { createLocalStockProvider } from './local.ts';

/** The contract's subjects as an operator's stock files, indexed by the media library as a deployment does. */
describeStockContract('library', async () => {
  const root = mkdtempSync(join(tmpdir(), 'rs-stock-contract-'));
  const stockDir = join(root, 'stock');
  mkdirSync(stockDir);
  for (const subject of stockContractSubjects) {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=teal:s=90x160', '-frames:v', '1', join(stockDir, `${subject.replace(' ', '-')}.jpg`)]);
  }
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=180x320:r=10:d=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(stockDir, 'sunset-beach-waves.mp4')]);
  const storage = createStorage({ dataDir: root });
  const log = { info: () => undefined, error: (m: string) => console.error(m) };
  const library = createMediaLibrary({ tasks: () => operatorTasks(storage, createMediaPort(), { stockDir }), make: libraryItemsHere(join(root, 'tmp')), log });
  await library.start();
  return createLocalStockProvider({ library, storage, signer: createFileUrlSigner({ secret: 'x'.repeat(32), ttlSeconds: 3600 }) });
});
