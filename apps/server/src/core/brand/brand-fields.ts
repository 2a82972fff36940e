import { brandDefaults, brandFieldsSchema, type BrandFields } from '@reelsmith/contracts';
import type { BrandRecord } from '../../db/repositories/brands.ts';

/** A stored brand's fields, read through the contract so a row from an older version takes today's defaults. */
export function brandFieldsOf(record: BrandRecord): BrandFields {
  const settings = { ...brandDefaults, ...(record.settings as Partial<BrandFields>), name: record.name };
  const parsed = brandFieldsSchema.safeParse(settings);
  return parsed.success ? parsed.data : { ...brandDefaults, name: record.name };
}
