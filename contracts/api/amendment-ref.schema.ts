import { z } from 'zod';
import { FIRST_GAZETTE_YEAR, GAZETTE_REF_TYPES, parseRefType } from '../laws/gazette-refs.ts';
import { intParam } from './params.ts';

export const amendmentRefQuery = z.object({
  ref_type: z
    .string()
    .transform((s, ctx) => {
      const t = parseRefType(s);
      if (t !== undefined) return t;
      ctx.addIssue({
        code: 'invalid_value',
        values: [...GAZETTE_REF_TYPES],
        input: s,
        message: 'Input should be AS, BBl, RO, RU or FF',
      });
      return z.NEVER;
    })
    .describe('AS, BBl, RO, RU or FF (any case)'),
  year: intParam(FIRST_GAZETTE_YEAR, 2200).describe('Year of the volume (1848..2200)'),
  page: intParam(1, 1_000_000).describe('Page (before 2021) or number (from 2021)'),
  language: z
    .enum(['fr', 'it'])
    .optional()
    .describe('FF only: the French or the Italian edition (pages differ); default both'),
});
export type AmendmentRefQuery = z.infer<typeof amendmentRefQuery>;

export const amendmentMatch = z.object({
  ref_type: z.string(),
  language: z
    .string()
    .nullable()
    .describe('Edition of the Federal Gazette (FF: fr or it); null for the official compilation'),
  citation: z.string(),
  eli: z.string(),
  eli_url: z.string(),
  match: z
    .enum(['direct', 'first_page', 'containing_document'])
    .describe(
      'direct: from 2021 the number is the id; first_page: the document starts on this page; containing_document: the page lies inside the document starting on first_page',
    ),
  first_page: z.number().int(),
  cited_in: z
    .object({ title: z.string().nullable(), sr_number: z.string().nullable(), canton: z.string().nullable() })
    .nullable(),
});

export const amendmentRefResponse = amendmentMatch.extend({
  year: z.number().int(),
  page: z.number().int(),
  matches: z.array(amendmentMatch).describe('FF: one per edition found; otherwise one'),
  note: z.string().nullable(),
});
export type AmendmentRefResponse = z.infer<typeof amendmentRefResponse>;
