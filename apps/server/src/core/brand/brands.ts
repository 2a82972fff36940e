import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  brandAllowance,
  brandDefaults,
  brandFieldsSchema,
  brandFontFamilies,
  brandMessages,
  planIdSchema,
  type Brand,
  type BrandFields,
} from '@reelsmith/contracts';
import { endCardSeconds } from '@reelsmith/media';
import type { z } from 'zod';
import type { BrandRecord, BrandsRepository } from '../../db/repositories/brands.ts';
import { isUniqueViolation } from '../../db/repositories/brands.ts';
import type { UploadsRepository } from '../../db/repositories/uploads.ts';
import type { FileUrlSigner } from '../../core/files/file-urls.ts';
import type { QuotaService } from '../../core/credits/quotas.ts';
import type { IncomingFile, UploadService } from '../../core/files/uploads.ts';
import type { ObjectStorage } from '../../providers/storage/types.ts';
import { UserFacingError } from '../../errors.ts';
import { noProjectMessage } from '../project/workflow-projects.ts';
import { storedEndCardSchema, type StoredComposition, type StoredEndCard } from '../../jobs/stored-composition.ts';
import { toStoredComposition } from '../project/project-document.ts';
import { brandFrameAt, brandFrameDocument } from './brand-frame.ts';
import { brandFieldsOf } from './brand-fields.ts';
import { brandLookOf } from './brand-look.ts';
import { fontFamilyOf, fontIsComplete, sniffFontFormat } from './font-check.ts';
import { kineticLookOf } from './kinetic-look.ts';

export interface BrandsServiceDependencies {
  brands: BrandsRepository;
  quotas: QuotaService;
  uploads: UploadsRepository;
  uploadService: UploadService;
  storage: ObjectStorage;
  signer: FileUrlSigner;
  /** Runs while no other request of the same user runs one for the same key (two tabs adding a brand at once). */
  exclusivelyFor: <T>(key: string, run: () => Promise<T>) => Promise<T>;
  tmpDir: string;
  projectOwned: (userId: string, projectId: string) => Promise<boolean>;
  /** Draws an end card as the final render does (jobs/render-job.ts), answering the picture's local path. */
  drawEndCard: (card: StoredEndCard) => Promise<string>;
  /** Renders a composition of the user's and answers one frame of it (a JPEG's local path). */
  drawFrame: (userId: string, composition: StoredComposition, at: number) => Promise<string>;
}


const settingsOf = ({ name: _name, ...settings }: BrandFields): Record<string, unknown> => settings;
const notFound = () => new UserFacingError(404, brandMessages.notFound);
const contentTypes = { ttf: 'font/ttf', otf: 'font/otf', woff2: 'font/woff2' } as const;

export function createBrandsService(deps: BrandsServiceDependencies) {
  const { brands } = deps;

  function view(record: BrandRecord & { projectCount?: number }, activeId: string): Brand {
    return {
      ...brandFieldsOf(record),
      id: record.id,
      logo_url: record.logoKey ? deps.signer.sign(record.logoKey) : null,
      uploaded_font: record.fontFamily,
      active: record.id === activeId,
      project_count: record.projectCount ?? 0,
    };
  }

  /** A font the brand may name: one the render machines have, or the one this brand uploaded. */
  function assertFonts(fields: BrandFields, uploaded: string | null): void {
    const known = (family: string) => (brandFontFamilies as readonly string[]).includes(family) || family === uploaded;
    if (!known(fields.fonts.heading) || !known(fields.fonts.body)) throw new UserFacingError(400, brandMessages.unknownFont, 'fonts');
  }

  async function first(userId: string): Promise<BrandRecord> {
    return brands.ensureFirst(userId, { name: 'My brand', settings: settingsOf({ ...brandDefaults, name: 'My brand' }) });
  }

  /** The active brand: the one the user chose, else their first (made now for an account from before brands). */
  async function active(userId: string): Promise<BrandRecord> {
    const id = await brands.activeId(userId);
    const chosen = id ? await brands.findOwned(userId, id) : undefined;
    return chosen ?? first(userId);
  }

  async function owned(userId: string, id: string): Promise<BrandRecord> {
    const record = await brands.findOwned(userId, id);
    if (!record) throw notFound();
    return record;
  }

  async function allowedFor(userId: string): Promise<{ allowed: number; plan: z.infer<typeof planIdSchema> }> {
    const plan = planIdSchema.parse((await deps.quotas.current(userId)).planId);
    return { allowed: brandAllowance[plan], plan };
  }

  async function withUniqueName<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw new UserFacingError(409, brandMessages.nameTaken, 'name');
      throw error;
    }
  }

  return {
    active,

    async list(userId: string) {
      const current = await active(userId);
      const [records, { allowed }] = await Promise.all([brands.list(userId), allowedFor(userId)]);
      return { brands: records.map((r) => view(r, current.id)), allowed, active_id: current.id };
    },

    /** Past the plan's bound the brand is refused whole (403) with the plan that keeps more; nothing is stored. */
    async create(userId: string, input: Partial<BrandFields> & { name: string }): Promise<Brand> {
      const fields = brandFieldsSchema.parse({ ...brandDefaults, ...input });
      assertFonts(fields, null);
      await first(userId);
      const record = await deps.exclusivelyFor(`brands:${userId}`, async () => {
        const { allowed, plan } = await allowedFor(userId);
        if ((await brands.count(userId)) >= allowed) throw new UserFacingError(403, brandMessages.limit(plan));
        return withUniqueName(() => brands.create(userId, { name: fields.name, settings: settingsOf(fields) }));
      });
      return view(record, (await active(userId)).id);
    },

    async update(userId: string, id: string, input: Partial<BrandFields>): Promise<Brand> {
      const record = await owned(userId, id);
      const fields = brandFieldsSchema.parse({ ...brandFieldsOf(record), ...input });
      assertFonts(fields, record.fontFamily);
      const updated = await withUniqueName(() => brands.update(userId, id, { name: fields.name, settings: settingsOf(fields) }));
      if (!updated) throw notFound();
      return view(updated, (await active(userId)).id);
    },

    /** The brand's projects move to the user's first remaining brand; the last brand stays. */
    async remove(userId: string, id: string) {
      await owned(userId, id);
      const removed = await deps.exclusivelyFor(`brands:${userId}`, async () => {
        if ((await brands.count(userId)) <= 1) throw new UserFacingError(409, brandMessages.lastBrand);
        return brands.remove(userId, id);
      });
      if (!removed) throw notFound();
      return { status: 'success' as const, moved_to: removed.movedTo, moved_projects: removed.movedProjects };
    },

    /** The brand of one of the user's projects; another user's project is not found. */
    async ofProject(userId: string, projectId: string): Promise<Brand> {
      if (!(await deps.projectOwned(userId, projectId))) throw new UserFacingError(404, noProjectMessage);
      const record = (await brands.ofProject(userId, projectId)) ?? (await first(userId));
      return view(record, (await active(userId)).id);
    },

    /** The project's brand on the motion templates' words (its colours and fonts), for a video generation's payload. */
    async templateLookFor(userId: string, projectId: string) {
      const record = (await brands.ofProject(userId, projectId)) ?? (await first(userId));
      const uploaded = record.fontKey && record.fontFamily ? { family: record.fontFamily, key: record.fontKey } : null;
      return kineticLookOf(brandFieldsOf(record), uploaded);
    },

    async activate(userId: string, id: string): Promise<Brand> {
      const record = await owned(userId, id);
      await brands.setActive(userId, id);
      return view(record, id);
    },

    /** Held to the 'logo' upload policy (sniffed, decoded, size-capped); a refused file leaves the brand as it was. */
    async uploadLogo(userId: string, id: string, file: IncomingFile): Promise<{ logo_url: string }> {
      await owned(userId, id);
      const received = await deps.uploadService.receive(userId, 'logo', file);
      const stored = await deps.uploads.findOwned(userId, received.id);
      if (!stored) throw new Error(`upload ${received.id} was stored but cannot be found`);
      if (!(await brands.update(userId, id, { logoKey: stored.storageKey }))) throw notFound();
      return { logo_url: received.url };
    },

    /** Only the reference goes: the file stays among the user's uploads, like every other file they brought in. */
    async removeLogo(userId: string, id: string): Promise<Brand> {
      await owned(userId, id);
      const updated = await brands.update(userId, id, { logoKey: null });
      if (!updated) throw notFound();
      return view(updated, (await active(userId)).id);
    },

    /**
     * A font is taken only when its first bytes say TTF, OTF or WOFF2, every table it lists is in the file, and
     * fontconfig reads a family name from it (what the caption renderer will ask for). A refused font stores nothing.
     */
    async uploadFont(userId: string, id: string, content: Buffer): Promise<Brand> {
      await owned(userId, id);
      const format = sniffFontFormat(content);
      if (!format) throw new UserFacingError(400, brandMessages.fontType, 'font');
      if (!fontIsComplete(content, format)) throw new UserFacingError(400, brandMessages.fontUnreadable, 'font');
      const scratch = join(deps.tmpDir, `font-${randomUUID()}.${format}`);
      try {
        await mkdir(deps.tmpDir, { recursive: true });
        await writeFile(scratch, content);
        const family = await fontFamilyOf(scratch);
        if (!family) throw new UserFacingError(400, brandMessages.fontUnreadable, 'font');
        const key = `users/${userId}/brands/${id}/font-${randomUUID()}.${format}`;
        await deps.storage.putFile(key, scratch, contentTypes[format]);
        const updated = await brands.update(userId, id, { fontKey: key, fontFamily: family });
        if (!updated) throw notFound();
        return view(updated, (await active(userId)).id);
      } finally {
        await rm(scratch, { force: true });
      }
    },

    /** What a project of the brand starts with until the user chooses (caption style, voice, music). */
    async defaultsFor(userId: string, projectId: string) {
      const record = (await brands.ofProject(userId, projectId)) ?? (await first(userId));
      const fields = brandFieldsOf(record);
      return { captionStyle: fields.caption_style, voice: fields.voice, voiceInstructions: fields.voice_instructions, music: fields.music };
    },

    /** The brand's end card drawn as the final render draws it, for the brand page's preview. */
    async endCardPicture(userId: string, id: string): Promise<string> {
      const record = await owned(userId, id);
      const card = brandLookOf(record, { logoEnabled: true, endCardEnabled: true }).endCard;
      if (!card) throw new UserFacingError(404, brandMessages.noEndCard);
      const { logoKey, ...rest } = card;
      return deps.drawEndCard(storedEndCardSchema.parse({ ...rest, ...(logoKey ? { logoKey } : {}), duration: endCardSeconds }));
    },

    /**
     * A frame of a video in the brand's look (its caption style and emphasis colour, its logo where placed) over the
     * library still `still` finds, rendered as a final video is; none found: the library has no still yet.
     */
    async framePicture(userId: string, id: string, still: () => Promise<string | null>): Promise<string> {
      const record = await owned(userId, id);
      const stillKey = await still();
      if (!stillKey) throw new UserFacingError(503, brandMessages.previewNotReady);
      return deps.drawFrame(userId, toStoredComposition(brandFrameDocument(record, stillKey)), brandFrameAt);
    },

    /** The logo of the active brand: the dashboard's logo panel (SPEC §2) shows and changes it. */
    async activeLogoKey(userId: string): Promise<string | null> {
      return (await active(userId)).logoKey;
    },
    async setActiveLogo(userId: string, key: string | null): Promise<void> {
      await brands.update(userId, (await active(userId)).id, { logoKey: key });
    },
  };
}

export type BrandsService = ReturnType<typeof createBrandsService>;
