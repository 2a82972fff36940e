import { readFileSync } from 'node:fs';
import { brandMessages, brandsResponse, draftsResponse, uploadPolicies } from '@reelsmith/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestClient } from './app.ts';
import { startTestApp } from './app.ts';
import { customer, subscriber } from './billing-helpers.ts';
import { testDatabaseTargets } from './databases.ts';

const targets = await testDatabaseTargets();

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer };
function multipart(parts: Part[]) {
  const boundary = `----brand${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) =>
    'value' in part
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), part.content, Buffer.from('\r\n')],
  );
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const dejaVu = readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf');
const png = await sharp({ create: { width: 64, height: 40, channels: 4, background: '#ff6a00' } }).png().toBuffer();

describe.each(targets)('brands API on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  const list = async (client: TestClient) => brandsResponse.parse((await client.get('/api/brands')).json());
  const upload = (client: TestClient, path: string, parts: Part[]) => {
    const { payload, headers } = multipart(parts);
    return client.request('POST', path, payload, headers);
  };

  it('gives every account a first brand, keeps a Free account to one, and stores nothing it refuses', async () => {
    const free = await customer(t, 'brands.free@example.com');
    const first = await list(free.client);
    expect(first).toMatchObject({ allowed: 1, brands: [{ name: 'My brand', active: true, caption_style: 'Default', logo: { position: 'top-right' } }] });
    expect(first.active_id).toBe(first.brands[0]!.id);

    const refused = await free.client.post('/api/brands', { name: 'Second shop' });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 403, body: { error: brandMessages.limit('free') } });
    expect(brandMessages.limit('free')).toBe('Your Free plan includes 1 brand. Upgrade to Growth for up to 3 brands.');
    expect((await list(free.client)).brands).toHaveLength(1);
  });

  it('lets a Growth account keep three brands, refuses the fourth naming Pro, and refuses bad fields with nothing stored', async () => {
    const agency = await subscriber(t, 'brands.growth@example.com', 'growth');
    const made = await agency.client.post('/api/brands', {
      name: 'Bloom Café',
      colors: { primary: '#2E7D32', secondary: '#FFC107', text: '#FFFFFF' },
      fonts: { heading: 'Bebas Neue', body: 'Lato' },
      caption_style: 'Hormozi',
      cta_text: 'Book your table today',
      cta_contact: 'bloomcafe.in',
      logo: { position: 'bottom-left', size: 'large', opacity: 0.8 },
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().brand).toMatchObject({ name: 'Bloom Café', colors: { primary: '#2e7d32' }, active: false, cta_text: 'Book your table today', logo_url: null });

    const badColour = await agency.client.post('/api/brands', { name: 'Broken', colors: { primary: 'red', secondary: '#000000', text: '#ffffff' } });
    expect({ status: badColour.statusCode, body: badColour.json() }).toEqual({ status: 400, body: { error: brandMessages.invalid, field: 'colors.primary' } });
    const longLine = await agency.client.post('/api/brands', { name: 'Long', cta_text: 'x'.repeat(61) });
    expect(longLine.statusCode).toBe(400);
    const unknownFont = await agency.client.post('/api/brands', { name: 'Comic', fonts: { heading: 'Comic Sans MS', body: 'Inter' } });
    expect({ status: unknownFont.statusCode, error: unknownFont.json().error }).toEqual({ status: 400, error: brandMessages.unknownFont });
    const sameName = await agency.client.post('/api/brands', { name: 'bloom café' });
    expect({ status: sameName.statusCode, error: sameName.json().error }).toEqual({ status: 409, error: brandMessages.nameTaken });
    expect((await list(agency.client)).brands.map((b) => b.name)).toEqual(['My brand', 'Bloom Café']);

    expect((await agency.client.post('/api/brands', { name: 'Third' })).statusCode).toBe(200);
    const fourth = await agency.client.post('/api/brands', { name: 'Fourth' });
    expect({ status: fourth.statusCode, error: fourth.json().error }).toEqual({ status: 403, error: 'Your Growth plan includes 3 brands. Upgrade to Pro for up to 10 brands.' });
    expect((await list(agency.client)).brands).toHaveLength(3);
  });

  it('lets two tabs adding a brand at once pass the bound only once', async () => {
    const agency = await subscriber(t, 'brands.race@example.com', 'growth');
    await list(agency.client);
    const answers = await Promise.all(['A', 'B', 'C', 'D'].map((name) => agency.client.post('/api/brands', { name: `Tab ${name}` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 403, 403]);
    expect((await list(agency.client)).brands).toHaveLength(3);
  });

  it("answers another user's brand as not found for every call, and changes nothing of it", async () => {
    const owner = await subscriber(t, 'brands.owner@example.com', 'growth');
    const stranger = await customer(t, 'brands.stranger@example.com');
    const brand = (await owner.client.post('/api/brands', { name: 'Private label' })).json().brand;
    const attempts = [
      await stranger.client.request('PATCH', `/api/brands/${brand.id}`, { name: 'Mine now' }),
      await stranger.client.request('DELETE', `/api/brands/${brand.id}`),
      await stranger.client.post(`/api/brands/${brand.id}/activate`),
      await upload(stranger.client, `/api/brands/${brand.id}/logo`, [{ name: 'logo', filename: 'logo.png', content: png }]),
      await stranger.client.request('DELETE', `/api/brands/${brand.id}/logo`),
    ];
    for (const answer of attempts) expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 404, body: { error: brandMessages.notFound } });
    expect((await list(owner.client)).brands.find((b) => b.id === brand.id)).toMatchObject({ name: 'Private label', logo_url: null });
    expect((await list(stranger.client)).active_id).not.toBe(brand.id);
    expect((await stranger.client.get('/api/brands')).json().brands).toHaveLength(1);
  });

  it('files new projects under the active brand, filters the dashboard by brand, and moves them to the first brand on delete', async () => {
    const agency = await subscriber(t, 'brands.projects@example.com', 'growth');
    const home = (await list(agency.client)).brands[0]!;
    const client = (await agency.client.post('/api/brands', { name: 'Client two' })).json().brand;
    const first = (await agency.client.post('/api/create-video-entry', { user_id: agency.userId })).json().video_id;
    expect((await agency.client.post(`/api/brands/${client.id}/activate`)).json().brand.active).toBe(true);
    const second = (await agency.client.post('/api/create-video-entry', { user_id: agency.userId })).json().video_id;

    const draftsOf = async (brand?: string) => draftsResponse.parse((await agency.client.get(`/api/drafts${brand ? `?brand=${brand}` : ''}`)).json()).drafts.map((d) => d.id);
    expect(await draftsOf(home.id)).toEqual([first]);
    expect(await draftsOf(client.id)).toEqual([second]);
    expect((await draftsOf('all')).sort()).toEqual([first, second].sort());

    const lastRefused = await customer(t, 'brands.single@example.com');
    const only = (await list(lastRefused.client)).brands[0]!;
    const refusal = await lastRefused.client.request('DELETE', `/api/brands/${only.id}`);
    expect({ status: refusal.statusCode, error: refusal.json().error }).toEqual({ status: 409, error: brandMessages.lastBrand });

    const removed = await agency.client.request('DELETE', `/api/brands/${client.id}`);
    expect(removed.json()).toEqual({ status: 'success', moved_to: home.id, moved_projects: 1 });
    expect((await draftsOf(home.id)).sort()).toEqual([first, second].sort());
    const after = await list(agency.client);
    expect(after.active_id).toBe(home.id);
    expect(after.brands.map((b) => [b.name, b.project_count])).toEqual([['My brand', 2]]);
  });

  it("starts a project with its brand's caption style and tells the final step about the brand's end card", async () => {
    const agency = await subscriber(t, 'brands.defaults@example.com', 'growth');
    const cafe = (await agency.client.post('/api/brands', { name: 'Café', caption_style: 'Hormozi', cta_text: 'Book your table today' })).json().brand;
    await agency.client.post(`/api/brands/${cafe.id}/activate`);
    const videoId = (await agency.client.post('/api/create-video-entry', { user_id: agency.userId })).json().video_id;
    const latest = await agency.client.post('/api/get-latest-subtitles', { user_id: agency.userId, video_id: videoId });
    expect(latest.json().subtitle_style).toBe('Hormozi');
    expect((await agency.client.get(`/api/project-brand?video_id=${videoId}`)).json().brand).toMatchObject({ id: cafe.id, voice: 'alloy' });
    const stranger = await customer(t, 'brands.defaults.stranger@example.com');
    expect((await stranger.client.get(`/api/project-brand?video_id=${videoId}`)).statusCode).toBe(404);
    const card = await agency.client.get(`/api/brands/${cafe.id}/end-card`);
    expect({ status: card.statusCode, type: card.headers['content-type'], png: card.rawPayload.subarray(1, 4).toString() }).toEqual({ status: 200, type: 'image/png', png: 'PNG' });
    expect((await sharp(card.rawPayload).metadata())).toMatchObject({ width: 1080, height: 1920 });
    const home = (await list(agency.client)).brands[0]!;
    expect((await agency.client.get(`/api/brands/${home.id}/end-card`)).json()).toEqual({ error: brandMessages.noEndCard });
    // This app's library makes no backgrounds, so there is no still to show the brand on (brand-render.test.ts renders one).
    if (target.name === 'pglite') {
      const frame = await agency.client.get(`/api/brands/${cafe.id}/frame`);
      expect({ status: frame.statusCode, body: frame.json() }).toEqual({ status: 503, body: { error: brandMessages.previewNotReady } });
    }
    expect((await stranger.client.get(`/api/brands/${cafe.id}/frame`)).statusCode).toBe(404);
    expect((await stranger.client.get(`/api/brands/${cafe.id}/end-card`)).statusCode).toBe(404);
    const cost = await agency.client.post('/api/final-video-cost', { user_id: agency.userId, video_id: videoId });
    expect(cost.json()).toMatchObject({ brand_name: 'Café', end_card_text: 'Book your table today', has_logo: false });
  });

  it("puts the dashboard's logo on the active brand, and keeps each brand's own", async () => {
    const agency = await subscriber(t, 'brands.logo@example.com', 'growth');
    const home = (await list(agency.client)).brands[0]!;
    const other = (await agency.client.post('/api/brands', { name: 'Other' })).json().brand;
    const dashboardUpload = await upload(agency.client, '/api/upload-logo', [{ name: 'email', value: agency.email }, { name: 'logo', filename: 'home.png', content: png }]);
    expect(dashboardUpload.statusCode).toBe(200);
    const own = await upload(agency.client, `/api/brands/${other.id}/logo`, [{ name: 'logo', filename: 'other.png', content: png }]);
    expect(own.json().logo_url).toMatch(/\.(png|jpg)\?exp=/);
    const notImage = await upload(agency.client, `/api/brands/${home.id}/logo`, [{ name: 'logo', filename: 'x.png', content: Buffer.from('not a picture at all'.repeat(20)) }]);
    expect({ status: notImage.statusCode, error: notImage.json().error }).toEqual({ status: 415, error: uploadPolicies.logo.wrongTypeMessage });
    const brands = (await list(agency.client)).brands;
    expect(brands.map((b) => Boolean(b.logo_url))).toEqual([true, true]);
    expect(brands[0]!.logo_url).not.toBe(brands[1]!.logo_url);
    expect((await agency.client.post('/api/subscription', { email: agency.email })).json().logo).toMatch(/\.(png|jpg)\?exp=/);

    expect((await agency.client.request('DELETE', `/api/brands/${other.id}/logo`)).json().brand.logo_url).toBeNull();
  });

  it('takes a real font with the licence confirmed, and refuses hostile fonts with nothing stored', async () => {
    const agency = await subscriber(t, 'brands.fonts@example.com', 'growth');
    const brand = (await list(agency.client)).brands[0]!;
    const send = (content: Buffer, licensed = true) =>
      upload(agency.client, `/api/brands/${brand.id}/font`, [...(licensed ? [{ name: 'licensed', value: 'true' }] : []), { name: 'font', filename: 'brand.ttf', content }]);

    const unconfirmed = await send(dejaVu, false);
    expect({ status: unconfirmed.statusCode, error: unconfirmed.json().error }).toEqual({ status: 400, error: brandMessages.fontLicence });
    const renamedPng = await send(png);
    expect({ status: renamedPng.statusCode, error: renamedPng.json().error }).toEqual({ status: 400, error: brandMessages.fontType });
    const truncated = await send(dejaVu.subarray(0, Math.floor(dejaVu.length / 2)));
    expect({ status: truncated.statusCode, error: truncated.json().error }).toEqual({ status: 400, error: brandMessages.fontUnreadable });
    const huge = await send(Buffer.concat([dejaVu, Buffer.alloc(5 * 1024 * 1024)]));
    expect({ status: huge.statusCode, error: huge.json().error }).toEqual({ status: 413, error: brandMessages.fontTooLarge });
    expect((await list(agency.client)).brands[0]!.uploaded_font).toBeNull();
    expect(await t.composed.storage.list(`users/${agency.userId}/brands/`)).toEqual([]);

    const taken = await send(dejaVu);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().brand.uploaded_font).toBe('DejaVu Sans');
    const used = await agency.client.request('PATCH', `/api/brands/${brand.id}`, { fonts: { heading: 'DejaVu Sans', body: 'Inter' } });
    expect(used.json().brand.fonts).toEqual({ heading: 'DejaVu Sans', body: 'Inter' });
    // The end card draws its line in the uploaded file itself.
    await agency.client.request('PATCH', `/api/brands/${brand.id}`, { cta_text: 'Own font line' });
    const card = await agency.client.get(`/api/brands/${brand.id}/end-card`);
    expect({ status: card.statusCode, type: card.headers['content-type'] }).toEqual({ status: 200, type: 'image/png' });
    const other = (await agency.client.post('/api/brands', { name: 'No upload' })).json().brand;
    const borrowed = await agency.client.request('PATCH', `/api/brands/${other.id}`, { fonts: { heading: 'DejaVu Sans', body: 'Inter' } });
    expect({ status: borrowed.statusCode, error: borrowed.json().error }).toEqual({ status: 400, error: brandMessages.unknownFont });
  });
});
