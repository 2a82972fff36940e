import { afterAll } from 'vitest';
import { startFakePexels, type FakePexels } from '../../../test/stock-fake-pexels.ts';
import { describeStockContract } from './contract.ts';
import { createPexelsProvider } from './pexels.ts';

let fake: FakePexels | undefined;
afterAll(() => fake?.close());

describeStockContract('pexels', async () => {
  fake = await startFakePexels();
  return createPexelsProvider({ apiKey: fake.apiKey, baseUrl: fake.baseUrl });
});
