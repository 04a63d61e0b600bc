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

/** The format of an export asked for by name (the MCP tool; the HTTP routes carry it as the extension). */
export const exportFormatQuery = z.object({
  format: z.enum(EXPORT_FORMATS).describe('docx (Word), pdf, bib (BibTeX) or ris'),
});

/** An export as a JSON value: text formats as UTF-8, Word and PDF as base64. */
export const exportResponse = z.object({
  decision_id: z.string().describe('The canonical id the reference resolved to'),
  format: z.enum(EXPORT_FORMATS),
  media_type: z.string(),
  filename: z.string(),
  encoding: z.enum(['utf-8', 'base64']),
  content: z.string(),
  download_url: z.string().describe('The HTTP address of the same export'),
  fallback: z
    .string()
    .nullable()
    .describe('Why plain text came instead of Word or PDF; null when it did not'),
});
export type ExportResponse = z.infer<typeof exportResponse>;
