import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { introFieldNames } from '@reelsmith/contracts';
import { startTestApp } from './app.ts';
import { testDatabaseTargets } from './databases.ts';
import { generationPolls, signedInAccount } from './generation-client.ts';
import { multipartForm, type FormFile } from './brolls-multipart.ts';
import { seedProject } from './subtitles-fixtures.ts';
import sharp from 'sharp';
import { samplePackshot } from '../src/providers/image-generation/sample-product.ts';
import { drawScene } from '../src/providers/image-generation/scenes.ts';

/**
 * `npm run sheets`: one contact sheet per AI format, made offline (the motion templates) through the API as the pages
 * call it, for a made-up skincare shop. The sheets go to docs/motion-templates (JPEG), their PNGs and MP4s to
 * .tmp/sheets to look at; SHEETS_ONLY=name,name makes only those.
 */
const docs = join(process.cwd(), 'docs/motion-templates');
const out = join(process.cwd(), '.tmp/sheets');
const only = process.env.SHEETS_ONLY?.split(',');
const ff = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

function sheet(video: string, name: string) {
  const seconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', video]).toString());
  const every = seconds > 15 ? 1.5 : seconds > 8 ? 1.2 : 1;
  const count = Math.floor(seconds / every);
  const columns = Math.min(count, 8);
  const rows = Math.ceil(count / columns);
  const stamp = `drawtext=text='%{pts\\:hms}':x=6:y=6:fontsize=18:fontcolor=white:box=1:boxcolor=black@0.6`;
  ff('-i', video, '-vf', `fps=1/${every},scale=200:356,${stamp},tile=${columns}x${rows}`, '-frames:v', '1', join(out, `${name}.png`));
  ff('-i', join(out, `${name}.png`), '-q:v', '4', join(docs, `${name}.jpg`));
}

it('makes one contact sheet per AI format, offline', async () => {
  execFileSync('mkdir', ['-p', out, docs]);
  const serum = await samplePackshot();
  ff('-f', 'lavfi', '-i', 'color=c=0x3d6b4f:s=1200x900,noise=alls=18:allf=t,drawbox=x=0:y=0:w=1200:h=210:c=0x1f3d2b:t=fill,drawtext=text=LUMI SKINCARE:fontsize=110:fontcolor=0xf4e9c8:x=(w-tw)/2:y=50,drawbox=x=140:y=330:w=520:h=480:c=0xd8e8f0:t=fill,drawbox=x=780:y=330:w=260:h=570:c=0x6b4a2f:t=fill', '-frames:v', '1', join(out, 'shop.jpg'));
  const shop = readFileSync(join(out, 'shop.jpg'));
  // A room before and after a makeover: the same drawn living room, dim and grey, then lit.
  const room = sharp(Buffer.from(drawScene('Livingroom').backdrop)).resize(900, 1600);
  await room.clone().modulate({ saturation: 0.2, brightness: 0.55 }).jpeg().toFile(join(out, 'before.jpg'));
  await room.clone().modulate({ saturation: 1.15, brightness: 1.05 }).jpeg().toFile(join(out, 'after.jpg'));

  const [target] = await testDatabaseTargets();
  const t = await startTestApp(target!);
  await t.composed.queue.startWorkers(1);
  const account = await signedInAccount(t, 'sheets@example.com');
  await t.composed.repositories.subscriptions.update(account.userId, { aiVideosAllowed: 100, aiVideosUsed: 0 });
  await account.client.post('/api/save-business-profile', {
    user_email: account.email,
    business_name: 'Lumi Skincare',
    business_type: 'Small-batch skincare shop',
    goal: 'Drive Sales',
    tone: 'Relatable',
    offerings: 'vitamin C serum, night cream, gentle cleanser',
    target_audience: 'Young Adults',
  });
  const polls = generationPolls(t, account);
  const post = (path: string, fields: Record<string, string>, files: FormFile[]) => {
    const { payload, headers } = multipartForm({ user_id: account.userId, ...fields }, files);
    return account.client.request('POST', path, payload, headers);
  };
  async function finish(name: string, response: { statusCode: number; body: string }) {
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.body}`);
    const { video_id } = JSON.parse(response.body) as { video_id: string };
    const done = await polls.finalStatus(video_id);
    if (done.status !== 'done') throw new Error(`${name}: ${JSON.stringify(done)}`);
    const video = await polls.download(done.user_video_url!, `${name}.mp4`);
    execFileSync('cp', [video, join(out, `${name}.mp4`)]);
    sheet(video, name);
    process.stdout.write(`[sheets] ${name}\n`);
  }
  const want = (name: string) => !only || only.includes(name);
  const file = (field: string, content: Buffer, filename: string): FormFile => ({ field, filename, content });

  if (want('showcase-7')) await finish('showcase-7', await post('/api/generate-product-showcase', { length: '7', text1: 'Brighter skin in two weeks' }, [file('image1', serum, 'serum.png')]));
  if (want('showcase-14'))
    await finish('showcase-14', await post('/api/generate-product-showcase', { length: '14', text1: 'Vitamin C serum, made in small batches', text2: 'Visit our Portland shop', transition: 'smoothleft' }, [file('image1', serum, 'serum.png'), file('image2', shop, 'shop.jpg')]));
  const intro = (scenes: [string, string][]) => {
    const fields: Record<string, string> = { transition: 'fade' };
    const files: FormFile[] = [];
    scenes.forEach(([type, extension], i) => {
      const names = introFieldNames(i + 1);
      fields[names.type] = type;
      fields[names.extension] = extension;
      files.push(file(names.image, serum, 'serum.png'));
    });
    return post('/api/generate-product-intro', fields, files);
  };
  if (want('product-intro'))
    await finish('product-intro', await intro([['Hero Shot', ''], ['Lifestyle Context', 'on a sunlit bathroom shelf'], ['Exploded Features', 'the pump, the glass bottle, the vitamin C core'], ['Dynamic Outro', '20% off, code GLOW20']]));
  if (want('product-intro-two-types')) await finish('product-intro-two-types', await intro([['Hand Showcase', ''], ['Social Proof Snap', ''], ['Usage in Action', 'in the morning routine'], ['Before/After Reveal', 'from dull skin to a morning glow']]));
  if (want('before-after'))
    await finish('before-after', await post('/api/generate-before-after', { before_type: 'image-to-video', after_type: 'image', transition: 'fade', before_prompt: 'slow pan across the room', after_prompt: '' }, [file('before_file', readFileSync(join(out, 'before.jpg')), 'before.jpg'), file('after_file', readFileSync(join(out, 'after.jpg')), 'after.jpg')]));
  if (want('ugc')) {
    const still = await post('/api/generate-ugc-image', { product: 'Lumi Vitamin C Serum', gender: 'Female', ethnicity: 'African', ageGroup: 'Adult', clothing: 'Casual Clothing', productPlacement: 'Held by person', background: 'Kitchen' }, [file('productImage', serum, 'serum.png')]);
    if (still.statusCode !== 200) throw new Error(still.body);
    const { video_id } = JSON.parse(still.body) as { video_id: string };
    for (let i = 0; i < 600; i++) {
      const status = (await account.client.post('/api/check-image-status', { user_id: account.userId, video_id })).json() as { status: string };
      if (status.status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await finish('ugc', await account.client.post('/api/ugc-generate-video', { user_id: account.userId, video_id, prompt: 'She holds the Lumi serum up to the camera and smiles', video_length: '7' }));
  }
  if (want('create-ai-video')) {
    const project = await seedProject(t, account.userId, out, { background: false, text: 'Meet the Lumi vitamin C serum, for brighter skin in two weeks. Every bottle is made by hand, in small batches, in our Portland workshop. Come and say hello at our shop, or find Lumi Skincare at the link in bio.' });
    const fields = { video_id: project.id, scene1: 'The serum bottle on a bathroom shelf', scene2: 'Hands at work in close-up detail', scene3: 'The front desk welcome with the logo' };
    await finish('create-ai-video', await post('/api/generate-ai-video', fields, [file('image1', serum, 'serum.png')]));
  }
  await t.close();
}, 1_800_000);
