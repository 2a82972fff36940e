import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths.ts';

/** The migrations up to (not including) the named one, as a folder the migrator can read. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'rs-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag));
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('the brands migration', () => {
  const before = migrationsBefore('0019_brands');
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it("makes each user's logo and business name their first, active brand, owning their projects", async () => {
    const client = new PGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    const now = new Date().toISOString();
    for (const id of ['u1', 'u2']) {
      await client.query(`insert into "user" (id, name, email, email_verified, created_at, updated_at) values ($1, $1, $1 || '@example.com', true, $2, $2)`, [id, now]);
      await client.query(`insert into user_profile (user_id, email, name) values ($1, $1 || '@example.com', $1)`, [id]);
      await client.query(`insert into subscription (user_id, period_end, videos_allowed, ai_videos_allowed, ideas_allowed, logo_key) values ($1, now(), 3, 1, 10, $2)`, [id, id === 'u1' ? 'users/u1/uploads/logo.png' : null]);
    }
    await client.query(`insert into business_profile (user_id, business_name, business_type, goal, tone, offerings, target_audience) values ('u1', 'Bloom & Brew', 'Café', 'Generate Leads', 'Relatable', 'coffee', 'Parents')`);
    await client.query(`insert into project (id, user_id, video_type) values ('p1', 'u1', 'add-brolls')`);
    await client.query(`insert into idea (id, user_id, batch_id, position, title, script_prompt) values ('i1', 'u1', 'b1', 0, 'Idea', 'Prompt')`);

    await migrate(db, { migrationsFolder });

    const { rows } = await client.query<{ user_id: string; name: string; logo_key: string | null; ordinal: number; caption_style: string; active: boolean }>(
      `select b.user_id, b.name, b.logo_key, b.ordinal, b.settings->>'caption_style' as caption_style, up.active_brand_id = b.id as active
       from brand b join user_profile up on up.user_id = b.user_id order by b.user_id`,
    );
    expect(rows).toEqual([
      { user_id: 'u1', name: 'Bloom & Brew', logo_key: 'users/u1/uploads/logo.png', ordinal: 0, caption_style: 'Default', active: true },
      { user_id: 'u2', name: 'My brand', logo_key: null, ordinal: 0, caption_style: 'Default', active: true },
    ]);
    const project = await client.query<{ owned: boolean }>(`select p.brand_id = b.id as owned from project p join brand b on b.user_id = p.user_id where p.id = 'p1'`);
    expect(project.rows).toEqual([{ owned: true }]);
    const profile = await client.query<{ name: string; owned: boolean }>(`select bp.business_name as name, bp.brand_id = b.id as owned from business_profile bp join brand b on b.user_id = bp.user_id`);
    expect(profile.rows).toEqual([{ name: 'Bloom & Brew', owned: true }]);
    const idea = await client.query<{ owned: boolean }>(`select i.brand_id = b.id as owned from idea i join brand b on b.user_id = i.user_id`);
    expect(idea.rows).toEqual([{ owned: true }]);
    await client.close();
  });
});
