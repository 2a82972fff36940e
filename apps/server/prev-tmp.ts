import { mkdirSync } from 'node:fs';
import { createMediaPort } from './src/providers/media/index.ts';
import { createLocalStorage } from './src/providers/storage/local.ts';
import { previewTasks } from './src/modules/library/library-previews.ts';
const storage = createLocalStorage('/tmp/prev');
const tasks = previewTasks(storage, createMediaPort());
for (const t of tasks) {
  const dir = `/tmp/prev-scratch/${t.label.replace(' ', '-')}`; mkdirSync(dir, { recursive: true });
  const s = performance.now();
  await t.make(dir, new AbortController().signal);
  console.log(t.label, ((performance.now() - s) / 1000).toFixed(1), 's');
}
