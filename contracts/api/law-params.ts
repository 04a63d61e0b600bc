import { z } from 'zod';
import { CANTONS } from '../courts/cantons.ts';

/** Query-parameter pieces shared by the statute and legislation endpoints. */

const CANTON_CODES = new Set<string>(['CH', ...CANTONS]);

/** de, fr or it (statute texts have no rm). */
export const lawLanguage = z.enum(['de', 'fr', 'it']);
export type LawLanguageParam = z.infer<typeof lawLanguage>;

/** CH or a canton code, any case (`zh` is ZH). */
export const cantonParam = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .refine((s) => CANTON_CODES.has(s), {
    message: 'Input should be CH (federal) or a two-letter canton code (AG … ZH)',
  });

/** A non-empty search text. */
export const requiredQueryText = z.string().trim().min(1).max(1000);
