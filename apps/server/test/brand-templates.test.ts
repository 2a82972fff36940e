import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { brandsResponse, generateShowcaseResponse } from '@reelsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDocument } from '../src/core/project/project-document.ts';
import { startTestApp, type TestApp } from './app.ts';
import { multipartForm } from './brolls-multipart.ts';
import { testDatabaseTargets } from './databases.ts';
import { signedInAccount } from './generation-client.ts';
import { makeFixtures } from './media-fixtures.ts';

const [target] = await testDatabaseTargets();
const fixtures = makeFixtures();

/** A bottle (a blue box) on a coral ground. */
function productStill(): Buffer {
  const path = fixtures.path('brand-bottle.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0xf97316:s=600x800,drawbox=x=200:y=160:w=200:h=480:c=0x1e6fd9:t=fill', '-frames:v', '1', path]);
  return readFileSync(path);
}

// What the start puts in the job does not depend on the database: checked once, on the first one. No worker runs here:
// the templates' drawing of a look is checked in providers/video-generation/templates/template-look.test.ts.
describe('the project’s brand on a motion template video', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target!);
  }, 60_000);
  afterAll(() => t.close());

  it('puts the brand’s colours and fonts in the generation the showcase starts, read by core from the project’s brand', async () => {
    const account = await signedInAccount(t, 'brand.templates@example.com');
    const [brand] = brandsResponse.parse((await account.client.get('/api/brands')).json()).brands;
    const edited = await account.client.request('PATCH', `/api/brands/${brand!.id}`, {
      colors: { primary: '#ffffff', secondary: '#1A2B5C', text: '#ffffff' },
      fonts: { heading: 'Bebas Neue', body: 'Lato' },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const { payload, headers } = multipartForm({ user_id: account.userId, length: '7', text1: 'Fresh every morning' }, [{ field: 'image1', filename: 'bottle.png', content: productStill() }]);
    const started = await account.client.request('POST', '/api/generate-product-showcase', payload, headers);
    expect(started.statusCode, started.body).toBe(200);
    const { video_id } = generateShowcaseResponse.parse(started.json());
    const document = (await t.composed.repositories.projects.findOwned(account.userId, video_id))!.composition as ProjectDocument;
    const { rows } = await t.database.executeSql('select data from pgboss.job where id = $1', [document.videoJob!.jobId]);
    expect((rows[0] as { data: { look?: unknown } }).data.look).toEqual({
      text: '#ffffff',
      accent: '#1a2b5c',
      onAccent: '#ffffff',
      // The navy would vanish in the call to action's dark outline: the primary takes it.
      cta: '#ffffff',
      shadow: '#101010',
      headingFont: 'Bebas Neue Bold',
      bodyFont: 'Lato Black',
    });
  }, 60_000);
});
