/**
 * The statutes a mock decision applies: those the request names, those the facts cite and the acts
 * behind the request's Fedlex addresses, each resolved through `/laws` and quoted verbatim from the
 * statute collection. What does not resolve is reported with the reason, never guessed.
 */
import { lawQuery } from '../../contracts/api/laws.schema.ts';
import type { MockDecisionRequest, TeachingLanguage } from '../../contracts/api/teaching.schema.ts';
import { findCitations } from '../../contracts/citation/grammar/find-citations.ts';
import { statuteArticle } from '../../contracts/search/statute-keys.ts';
import type { Database } from '../../infra/db/database.ts';
import { lookupLaw } from './law-lookup.query.ts';

export interface AppliedStatute {
  readonly input: string;
  readonly sr_number: string;
  readonly abbreviation: string;
  readonly title: string;
  readonly article: string | null;
  readonly heading: string | null;
  readonly text: string | null;
  readonly consolidation_date: string;
  readonly language: string;
  readonly source: 'request' | 'facts' | 'legislation_url';
}

export interface StatuteResolution {
  readonly statutes: AppliedStatute[];
  readonly unresolved: { input: string; reason: string }[];
}

/** Statute provisions the text cites (federal acts with an article), at most `max`. */
function citedInText(text: string, language: TeachingLanguage, max: number) {
  const out: { law: string; article: string; raw: string }[] = [];
  for (const m of findCitations(text, { language })) {
    if (m.kind !== 'statute' || !m.statute || m.canton !== 'CH' || !m.statute.sr) continue;
    const article = statuteArticle(m);
    if (article === null) continue;
    if (!out.some((o) => o.law === m.statute!.sr && o.article === article))
      out.push({ law: m.statute.sr, article, raw: m.text });
    if (out.length >= max) break;
  }
  return out;
}

/** The SR number of the held act whose consolidation has this ELI address, else null. */
async function actOfEli(db: Database, url: string): Promise<string | null> {
  const eli = /eli\/cc\/[^?#]+/
    .exec(url)?.[0]
    .replace(/\/(de|fr|it|rm|en)(\/.*)?$/, '')
    .replace(/\/\d{8}$/, '')
    .replace(/\/$/, '');
  if (!eli) return null;
  const row = await db
    .selectFrom('statute_versions')
    .select('sr_number')
    .where('jurisdiction', '=', 'CH')
    .where((w) => w.or([w('eli', '=', eli), w('eli', 'like', `%/${eli}`)]))
    .executeTakeFirst();
  return row?.sr_number ?? null;
}

export async function resolveStatutes(
  db: Database,
  body: Pick<
    MockDecisionRequest,
    'facts' | 'question' | 'statute_references' | 'legislation_urls' | 'clarifications'
  >,
  language: TeachingLanguage,
  today: string,
): Promise<StatuteResolution> {
  const wanted: { law: string; article: string | null; input: string; source: AppliedStatute['source'] }[] =
    [];
  for (const s of body.statute_references ?? [])
    wanted.push({
      law: s.law,
      article: s.article ?? null,
      input: `${s.law}${s.article ? ` ${s.article}` : ''}`,
      source: 'request',
    });
  const text = [body.facts, body.question ?? '', ...(body.clarifications ?? []).map((c) => c.answer)].join(
    '\n',
  );
  for (const c of citedInText(text, language, 10))
    wanted.push({ law: c.law, article: c.article, input: c.raw, source: 'facts' });
  const unresolved: StatuteResolution['unresolved'] = [];
  for (const url of body.legislation_urls ?? []) {
    const sr = await actOfEli(db, url);
    if (sr) wanted.push({ law: sr, article: null, input: url, source: 'legislation_url' });
    else
      unresolved.push({
        input: url,
        reason: 'No act of the federal statute collection has this Fedlex address.',
      });
  }
  const statutes: AppliedStatute[] = [];
  for (const w of wanted) {
    const query = lawQuery.safeParse({ language, ...(w.article ? { article: w.article } : {}) });
    if (!query.success) {
      unresolved.push({ input: w.input, reason: 'The article is not an article number.' });
      continue;
    }
    const outcome = await lookupLaw(db, { abbreviation: w.law, query: query.data, today });
    if (outcome.kind === 'invalid') {
      unresolved.push({ input: w.input, reason: outcome.details.map((d) => d.msg).join('; ') });
      continue;
    }
    if (outcome.kind === 'miss') {
      unresolved.push({ input: w.input, reason: outcome.body.reason });
      continue;
    }
    const b = outcome.body;
    const article = w.article ? b.articles[0] : undefined;
    if (statutes.some((s) => s.sr_number === b.sr_number && s.article === (article?.article_num ?? null)))
      continue;
    statutes.push({
      input: w.input,
      sr_number: b.sr_number,
      abbreviation: b.abbreviation,
      title: b.title,
      article: article?.article_num ?? null,
      heading: article?.heading ?? null,
      text: article?.text ?? null,
      consolidation_date: b.consolidation_date,
      language: b.language,
      source: w.source,
    });
  }
  return { statutes, unresolved };
}

/** `Art. 271 OR` / `art. 271 CO` / `art. 271 CO`, or the act alone. */
export function statuteLabel(
  s: Pick<AppliedStatute, 'article' | 'abbreviation'>,
  language: TeachingLanguage,
): string {
  if (s.article === null) return s.abbreviation;
  return `${language === 'de' ? 'Art.' : 'art.'} ${s.article} ${s.abbreviation}`;
}
