import { z } from 'zod';

/**
 * One decision record of the entscheidsuche.ch open data (`docs/{Spider}/{name}.json`), as lenient as
 * the real files are: `Kopfzeile`, `Meta`, `Abstract`, `Datum` and `Sprache` may be missing, `Num`
 * may be a string or a list (the first entry is the main docket). Unknown fields are ignored.
 */
const textEntry = z.object({
  Sprachen: z.array(z.string()).optional(),
  Text: z.string(),
});

const fileRef = z.object({
  Datei: z.string().optional(),
  URL: z.string().optional(),
  Checksum: z.string().optional(),
});

export const entscheidsucheItemSchema = z.object({
  Signatur: z.string().trim().min(1),
  Spider: z.string().optional(),
  Sprache: z.string().nullish(),
  Datum: z.string().nullish(),
  HTML: fileRef.nullish(),
  PDF: fileRef.nullish(),
  Scrapedate: z.string().nullish(),
  Num: z.union([z.string(), z.array(z.string())]),
  Kopfzeile: z.array(textEntry).nullish(),
  Meta: z.array(textEntry).nullish(),
  Abstract: z.array(textEntry).nullish(),
  Checksum: z.string().nullish(),
  /** Publication date, when a spider provides one. */
  PDatum: z.string().nullish(),
});

export type EntscheidsucheItem = z.infer<typeof entscheidsucheItemSchema>;
export type TextEntry = z.infer<typeof textEntry>;

/** Job files (`docs/Jobs/{Spider}/last`): every file the spider holds, with its status. */
export const entscheidsucheJobSchema = z.object({
  spider: z.string().optional(),
  dateien: z.record(z.string(), z.object({ status: z.string().optional(), checksum: z.string().optional() })),
});
