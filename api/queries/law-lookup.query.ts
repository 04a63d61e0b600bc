/**
 * GET /laws/{abbreviation}: resolution of the name (contracts/laws/resolve-law.ts, rules 1-8),
 * choice of the consolidation (`as_of`: the latest on or before it), the section block of a
 * section name, and the article. Every way of not finding something is a miss with a reason.
 */
import type { LawMissBody, LawQuery, LawResponse } from '../../contracts/api/laws.schema.ts';
import { normaliseArticleNum } from '../../contracts/laws/article-numbers.ts';
import { normaliseLawKey } from '../../contracts/laws/law-key.ts';
import {
  checkServedSection,
  resolveLawName,
  type CantonalCandidate,
  type LawMiss,
  type LawResolved,
} from '../../contracts/laws/resolve-law.ts';
import { blockLabel } from '../../contracts/laws/statute-structure.ts';
import type { Database } from '../../infra/db/database.ts';
import type { ValidationDetail } from '../validation.ts';
import {
  actLanguages,
  actVersions,
  cantonalCandidatesByKey,
  neighbourArticles,
  servedArticle,
  versionArticles,
  versionOn,
} from './statutes.query.ts';

export type LawLookupOutcome =
  | { readonly kind: 'found'; readonly body: LawResponse }
  | { readonly kind: 'miss'; readonly body: LawMissBody }
  | { readonly kind: 'invalid'; readonly details: ValidationDetail[] };

export interface LawLookupInput {
  readonly abbreviation: string;
  readonly second?: string;
  readonly query: LawQuery;
  /** YYYY-MM-DD: the default as_of. */
  readonly today: string;
}

interface MissExtra {
  readonly sr_number?: string | null;
  readonly canton?: string | null;
  readonly earliest?: string | null;
  readonly versions?: readonly string[];
  readonly languages?: readonly string[];
}

/** The 422 detail of an `article` that is no article number. */
export function invalidArticle(input: string): ValidationDetail[] {
  return [
    {
      loc: ['query', 'article'],
      msg: 'Input should be an article number such as 8, 41a, 266l or 6bis',
      type: 'value_error',
      input,
    },
  ];
}

/** The miss body of the spec (shared with the other routes that resolve a law name). */
export function missBody(
  miss: Pick<LawMiss, 'code' | 'input' | 'normalised_key' | 'reason' | 'note' | 'candidates'>,
  extra: MissExtra = {},
): LawMissBody {
  return {
    detail: miss.reason,
    code: 'LAW_MISS',
    miss_code: miss.code,
    input: miss.input,
    normalised_key: miss.normalised_key,
    reason: miss.reason,
    note: miss.note ?? null,
    candidates: miss.candidates.map((c) => ({ ...c })),
    sr_number: extra.sr_number ?? null,
    canton: extra.canton ?? null,
    earliest_consolidation_date: extra.earliest ?? null,
    available_versions: [...(extra.versions ?? [])],
    available_languages: [...(extra.languages ?? [])],
  };
}

function actMiss(
  r: LawResolved,
  code: string,
  reason: string,
  extra: MissExtra = {},
  note?: string,
): LawLookupOutcome {
  const miss = {
    code: code as LawMiss['code'],
    input: r.input,
    normalised_key: r.normalised_key,
    reason,
    candidates: [],
    ...(note ? { note } : {}),
  };
  return { kind: 'miss', body: missBody(miss, { sr_number: r.sr_number, canton: r.canton, ...extra }) };
}

const actName = (r: LawResolved) => `SR ${r.sr_number}${r.canton !== 'CH' ? ` of canton ${r.canton}` : ''}`;

/** Resolves a law name as GET /laws does (the alias table, the cantonal collection). */
export async function resolve(db: Database, input: LawLookupInput, name: string, second: string | undefined) {
  const q = input.query;
  const attempt = (lookup: (key: string) => readonly CantonalCandidate[]) =>
    resolveLawName({
      abbreviation: name,
      ...(second !== undefined ? { secondPathElement: second } : {}),
      ...(q.canton !== undefined ? { canton: q.canton } : {}),
      ...(q.article !== undefined ? { article: q.article } : {}),
      ...(q.sr_number !== undefined ? { sr_number: q.sr_number } : {}),
      language: q.language,
      cantonalCandidates: lookup,
    });
  // The resolver is synchronous and asks the cantonal collection only for cantonal names and
  // misses: resolve once noting the keys it asks for, and only then read them and resolve again.
  const asked = new Set<string>();
  const first = attempt((key) => {
    asked.add(key);
    return [];
  });
  if (asked.size === 0) return first;
  const candidates = await cantonalCandidatesByKey(db, [...asked]);
  return attempt((key) => candidates.get(key) ?? []);
}

/** The SR number of the one federal act whose consolidations call themselves `name`, else null. */
async function federalActByOwnAbbreviation(
  db: Database,
  name: string,
  canton: string | undefined,
): Promise<string | null> {
  if (canton !== undefined && canton !== 'CH') return null;
  const key = normaliseLawKey(name);
  if (key.length === 0) return null;
  const rows = await db
    .selectFrom('statute_versions')
    .select('sr_number')
    .distinct()
    .where('jurisdiction', '=', 'CH')
    .where('abbreviation_key', '=', key)
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0]!.sr_number : null;
}

/** Looks a law up; never throws on user input. */
export async function lookupLaw(db: Database, input: LawLookupInput): Promise<LawLookupOutcome> {
  let resolution = await resolve(db, input, input.abbreviation, input.second);
  // A name written with a slash (the alias `BVG/LPP`) arrives as two path elements.
  if (resolution.status === 'miss' && resolution.code === 'invalid_path' && input.second !== undefined) {
    const joined = await resolve(db, input, `${input.abbreviation}/${input.second}`, undefined);
    if (joined.status === 'resolved') resolution = joined;
  }
  // A federal act known only by the abbreviation its own consolidation gives it (`GlG` for SR 151.1
  // as Fedlex publishes it): the stored abbreviation decides, in any language, when it names one act.
  if (resolution.status === 'miss' && resolution.code === 'unknown_name' && input.second === undefined) {
    const own = await federalActByOwnAbbreviation(db, input.abbreviation, input.query.canton);
    if (own) {
      const bySr = await resolve(db, { ...input, query: { ...input.query, sr_number: undefined } }, own, undefined);
      if (bySr.status === 'resolved')
        resolution = { ...bySr, input: resolution.input, normalised_key: resolution.normalised_key, via: 'stored_abbreviation' };
    }
  }
  if (resolution.status === 'miss') return { kind: 'miss', body: missBody(resolution) };
  const r = resolution;

  let articleNum: string | undefined;
  if (r.article !== undefined) {
    articleNum = normaliseArticleNum(r.article);
    if (articleNum === undefined) {
      return { kind: 'invalid', details: invalidArticle(r.article) };
    }
  }

  const act = { jurisdiction: r.canton, sr_number: r.sr_number, language: r.language };
  const versions = await actVersions(db, act);
  if (versions.length === 0) {
    const languages = await actLanguages(db, r.canton, r.sr_number);
    if (languages.length > 0) {
      return actMiss(
        r,
        'language_unavailable',
        `${actName(r)} is not held in ${r.language}; it is held in ${languages.join(', ')}.`,
        { languages },
      );
    }
    return actMiss(
      r,
      'not_held',
      `${actName(r)} (${r.abbreviation ?? r.input}) is not in the statute collection.`,
    );
  }
  const dates = versions.map((v) => v.consolidation_date);
  const asOf = input.query.as_of ?? input.today;
  const chosen = versionOn(versions, asOf);
  if (!chosen) {
    return actMiss(
      r,
      'before_first_version',
      `${actName(r)} has no consolidation in force on ${asOf} in ${r.language}: the earliest available is ${dates[0]}.`,
      { earliest: dates[0]!, versions: dates },
    );
  }

  let block: string | undefined;
  let section: LawResponse['section'] = null;
  if (r.section !== undefined) {
    const found = chosen.blocks.find((b) => b.id === r.section!.id);
    const checked = checkServedSection(
      r,
      found ? { id: found.id, heading: blockLabel(found.num, found.heading) } : undefined,
    );
    if (checked.status === 'miss')
      return {
        kind: 'miss',
        body: missBody(checked, { sr_number: r.sr_number, canton: r.canton, versions: dates }),
      };
    block = r.section.id;
    section = { id: r.section.id, heading: r.section.expected_heading };
  }

  const rows = await versionArticles(db, act, chosen.consolidation_date, {
    ...(block !== undefined ? { block } : {}),
    ...(articleNum !== undefined ? { articleNum } : {}),
  });
  if (articleNum !== undefined && rows.length === 0) {
    const near = await neighbourArticles(db, act, chosen.consolidation_date, articleNum);
    return actMiss(
      r,
      'article_not_found',
      `Art. ${articleNum} is not in ${actName(r)}${block !== undefined ? ` (block ${block})` : ''} as consolidated on ${chosen.consolidation_date} (${r.language}).`,
      { versions: dates },
      near.length > 0 ? `Articles with the same number: ${near.join(', ')}.` : undefined,
    );
  }
  const articles = (articleNum !== undefined ? rows.slice(0, 1) : rows).map(servedArticle);

  const latest = dates[dates.length - 1]!;
  const notes = [r.note];
  if (chosen.consolidation_date !== latest) {
    notes.push(
      `Historical text: the consolidation of ${chosen.consolidation_date} (in force on ${asOf}); the current consolidation is of ${latest}.`,
    );
  }
  return {
    kind: 'found',
    body: {
      sr_number: r.sr_number,
      abbreviation: chosen.abbreviation ?? r.abbreviation ?? r.input,
      title: chosen.title,
      consolidation_date: chosen.consolidation_date,
      language: r.language,
      articles,
      canton: r.canton,
      as_of: asOf,
      eli: chosen.eli,
      note: notes.filter((n): n is string => n !== undefined && n.length > 0).join('\n') || null,
      resolved_via: r.via,
      alias: r.alias
        ? {
            name: r.alias.alias,
            kind: r.alias.kind,
            as_of_hint: r.alias.as_of_hint ?? null,
            successor: r.alias.successor ?? null,
          }
        : null,
      section,
      available_versions: dates,
    },
  };
}

/**
 * The act a law name means (alias table, stored abbreviations in any language, SR numbers), as
 * `/laws` reads it, for routes keyed by act: the resolution, or the miss body `/laws` answers.
 */
export async function resolveActName(
  db: Database,
  name: string,
  language: LawQuery['language'],
): Promise<{ kind: 'resolved'; act: LawResolved } | { kind: 'miss'; body: LawMissBody }> {
  const input: LawLookupInput = { abbreviation: name, query: { language }, today: '' };
  let resolution = await resolve(db, input, name, undefined);
  if (resolution.status === 'miss' && resolution.code === 'unknown_name') {
    const own = await federalActByOwnAbbreviation(db, name, undefined);
    if (own) {
      const bySr = await resolve(db, input, own, undefined);
      if (bySr.status === 'resolved')
        resolution = { ...bySr, input: resolution.input, normalised_key: resolution.normalised_key, via: 'stored_abbreviation' };
    }
  }
  return resolution.status === 'miss' ? { kind: 'miss', body: missBody(resolution) } : { kind: 'resolved', act: resolution };
}
