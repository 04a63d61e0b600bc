import { z } from 'zod';

/**
 * The LexFind catalogue JSON as domain.md describes it: texts of law with `id`,
 * `systematic_number` (opaque per canton), `title`, `abbreviation`, `is_active`,
 * `version_active_since` (`DD.MM.YYYY`), `entity{id,abbreviation}` (cantons 1-26, CH = 27) and the
 * original URL at the cantonal portal. `versions`, `keywords` and `amendments` (official-compilation
 * references of federal texts) are read when present. Unknown fields are ignored; an entry that
 * does not fit is reported alone, the rest of the file is still read.
 */
const swissDate = z.string().regex(/^\d{1,2}\.\d{1,2}\.\d{4}$/, 'a date DD.MM.YYYY');

export const lexfindEntitySchema = z.object({
  id: z.number().int().positive(),
  abbreviation: z.string().min(2).max(3),
});

export const lexfindVersionSchema = z.object({
  version_active_since: swissDate,
  version_inactive_since: swissDate.nullable().optional(),
  original_url: z.string().nullable().optional(),
});

export const lexfindTextOfLawSchema = z.object({
  id: z.number().int().positive(),
  systematic_number: z.string().trim().min(1).max(60),
  title: z.string().trim().min(1),
  abbreviation: z.string().trim().nullable().optional(),
  is_active: z.boolean(),
  version_active_since: swissDate.nullable().optional(),
  version_inactive_since: swissDate.nullable().optional(),
  entity: lexfindEntitySchema,
  original_url: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
  keywords: z.array(z.string()).optional(),
  versions: z.array(lexfindVersionSchema).optional(),
  amendments: z.array(z.object({ reference: z.string(), url: z.string() })).optional(),
});
export type LexfindTextOfLaw = z.infer<typeof lexfindTextOfLawSchema>;

/** A catalogue file: the texts of one entity in one language (entries checked one by one). */
export const lexfindCatalogueFileSchema = z.object({
  entity: lexfindEntitySchema,
  language: z.enum(['de', 'fr', 'it']),
  texts_of_law: z.array(z.unknown()),
});
