import { z } from 'zod';

/** Export formats of a decision, by file extension. */
export const EXPORT_FORMATS = ['docx', 'pdf', 'bib', 'ris'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportParams = z.object({
  decision_id: z
    .string()
    .min(1)
    .max(300)
    .describe('Canonical decision id (a docket number or BGE reference is resolved to it)'),
});

export const courtFeedParams = z.object({
  court: z
    .string()
    .max(64)
    .regex(
      /^[a-z][a-z0-9_]{1,63}$/,
      'A court key: lower-case letters, digits and underscores (list via /courts)',
    )
    .describe('Court key, e.g. bger, zh_obergericht (list via /courts)'),
});

/** A binary or text body, as OpenAPI documents it. */
export const fileBody = (format: 'binary' | 'text') =>
  format === 'binary' ? z.string().meta({ format: 'binary' }) : z.string();
