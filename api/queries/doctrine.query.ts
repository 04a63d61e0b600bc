/**
 * GET /doctrine: what the read models say about a topic, a statute reference or a concept. The
 * statute text comes from the /laws lookup, the leading decisions from the /leading-cases ranking
 * (citation graph), the timeline from the graph (first decision, leading decisions, changes of
 * practice by the rule of `contracts/citation/practice-change.ts`) and the commentary excerpt from
 * the /commentaries read model. Deterministic: no language model, every list in a fixed order.
 */
import type {
  DoctrineQuery,
  DoctrineResponse,
  DoctrineStatute,
} from '../../contracts/api/doctrine.schema.ts';
import { DOCTRINE_LEADING_DECISIONS } from '../../contracts/api/doctrine.schema.ts';
import type { LeadingCasesResponse } from '../../contracts/api/graph.schema.ts';
import { statuteRunAt, type StatuteRef } from '../../contracts/citation/grammar/statutes.ts';
import { DE, FR, IT } from '../../contracts/citation/grammar/text-scan.ts';
import { DEFAULT_MIN_CONFIDENCE } from '../../contracts/citation/edge-confidence.ts';
import {
  PRACTICE_CHANGE_WINDOW,
  practiceChangeMarkers,
  practiceChangeOfReference,
} from '../../contracts/citation/practice-change.ts';
import { normaliseArticleNum } from '../../contracts/laws/article-numbers.ts';
import type { QueryNode } from '../../contracts/search/query-ast.ts';
import { parseQuery } from '../../contracts/search/query-parser.ts';
import type { ApiDeps } from '../api-deps.ts';
import { notFound } from '../errors.ts';
import { parseSearchText } from '../search-text.ts';
import { lookupCommentaries, lookupUrl, searchCommentaries } from './commentaries.query.ts';
import { outgoingEdges } from './graph-edges.sql.ts';
import { graphDecisionOf, nodesByIds, type NodeRow } from './graph-nodes.query.ts';
import { lookupLaw } from './law-lookup.query.ts';
import { searchLaws } from './law-search.query.ts';
import { leadingCases } from './leading-cases.query.ts';
import { summaryContextOf, type SummaryContext } from './summaries.ts';

type Language = 'de' | 'fr' | 'it';
const LANGUAGES: readonly Language[] = ['de', 'fr', 'it'];
type Event = DoctrineResponse['timeline'][number]['events'][number];
type Commentary = NonNullable<DoctrineResponse['commentary']>;

/** Decisions carrying a practice-change word that are read for the rule, oldest first. */
export const PRACTICE_CHANGE_CANDIDATES = 100;
/** Provisions applied by the leading decisions tried for the statute text of a topic. */
const STATUTE_CANDIDATES = 5;

/**
 * Decisions worth reading for a change of practice: a superset of the rule's markers in the query
 * language of /decisions (the rule itself then reads the text around each reference).
 */
const PRACTICE_CHANGE_PREFILTER = parseQuery(
  'Praxisänderung OR Praxisaenderung OR ((Rechtsprechung OR Praxis) AND (Änderung OR aufgegeben OR geändert OR festzuhalten OR festgehalten)) ' +
    'OR (jurisprudence AND (changement OR revirement OR modification OR modifier OR modifie OR abandonner OR abandonne)) ' +
    'OR (giurisprudenza AND (cambiamento OR mutamento OR modifica OR cambio OR modificare OR abbandonare OR abbandona OR cambiare))',
);

export const DOCTRINE_TIMELINE_RULE =
  'Years with an event, oldest first. first_decision: the earliest decision matching the query (applying the provision, or matching the topic or concept as /decisions searches it). ' +
  `leading_decision: each listed leading decision in the year of its date. change_of_practice: a decision matching the query that cites an earlier decision (a citation edge of /citations, confidence ≥ ${DEFAULT_MIN_CONFIDENCE}) ` +
  `and, in the same paragraph within ${PRACTICE_CHANGE_WINDOW} characters of the reference as written, announces a change of practice (de: Praxisänderung, Änderung der Rechtsprechung, "Rechtsprechung wird aufgegeben", "an dieser Praxis ist nicht festzuhalten"; ` +
  'fr: changement / revirement / modification de jurisprudence, "modifier sa jurisprudence"; it: cambiamento / mutamento di giurisprudenza, "modificare la propria giurisprudenza"), not negated ("kein Anlass zu einer Praxisänderung" is none); ' +
  `a clarification (Präzisierung) or a confirmed practice is no change. The ${PRACTICE_CHANGE_CANDIDATES} oldest decisions matching the query that carry such words are read.`;

interface StatuteReading {
  readonly ref: StatuteRef;
  readonly law: string;
  readonly article: string;
  /** Words after the reference; they narrow the leading decisions. */
  readonly rest: string;
}

/** The query as one provision of a federal act (`Art. 41 OR`, `art. 41 al. 1 CO Haftung`), else null. */
function statuteReadingOf(text: string): StatuteReading | null {
  const run = statuteRunAt(text, 0);
  if (!run || run.refs.length !== 1) return null;
  const ref = run.refs[0]!;
  if (ref.law === null || ref.sr === null || ref.canton !== 'CH') return null;
  const article = normaliseArticleNum(ref.article);
  if (article === undefined) return null;
  const rest = text
    .slice(run.end)
    .replace(/^[\s,;:.]+/, '')
    .trim();
  return { ref, law: ref.law, article, rest };
}

/** The language a reference is written in: `Art. 41 OR` de, `art. 8 Cost.` it; `art. 41 CO` (fr and it) fr. */
function languageOfMask(mask: number): Language | null {
  if (mask === DE) return 'de';
  if ((mask & FR) !== 0 && (mask & DE) === 0) return 'fr';
  if (mask === IT) return 'it';
  return null;
}

/** The words of a plain query (terms and phrases joined by AND), else null: a concept is such a query. */
function plainWords(node: QueryNode): string[] | null {
  switch (node.kind) {
    case 'term':
      return [node.text];
    case 'phrase':
      return [...node.words];
    case 'and': {
      const parts = node.children.map(plainWords);
      return parts.every((p) => p !== null) ? parts.flat() : null;
    }
    default:
      return null;
  }
}

const statuteCitation = (language: Language, article: string, abbreviation: string) =>
  `${language === 'de' ? 'Art.' : 'art.'} ${article} ${abbreviation}`;

/** The article as /laws serves it, verbatim, or the reason it is not held. */
async function statuteOf(
  deps: ApiDeps,
  law: string,
  article: string,
  language: Language,
  basis: DoctrineStatute['basis'],
  appliedBy: number,
): Promise<{ statute: DoctrineStatute } | { reason: string }> {
  const outcome = await lookupLaw(deps.db, {
    abbreviation: law,
    query: { language, article },
    today: deps.today(),
  });
  if (outcome.kind === 'invalid') return { reason: outcome.details.map((d) => d.msg).join('; ') };
  if (outcome.kind === 'miss') return { reason: outcome.body.reason };
  const b = outcome.body;
  const a = b.articles[0];
  if (!a) return { reason: `Art. ${article} of SR ${b.sr_number} is not held in ${language}.` };
  return {
    statute: {
      citation: statuteCitation(language, a.article_num, b.abbreviation),
      sr_number: b.sr_number,
      abbreviation: b.abbreviation,
      title: b.title,
      article: a.article_num,
      heading: a.heading,
      text: a.text,
      consolidation_date: b.consolidation_date,
      language: b.language,
      eli: b.eli,
      url: `${deps.settings.basePath}/laws/_?sr_number=${encodeURIComponent(b.sr_number)}&language=${language}&article=${encodeURIComponent(a.article_num)}`,
      basis,
      applied_by_leading_decisions: appliedBy,
    },
  };
}

/** Federal provisions the leading decisions apply: how many of them apply each, most first. */
async function appliedProvisions(deps: ApiDeps, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await deps.db
    .selectFrom('statute_references')
    .select(['sr_number', 'article'])
    .select((eb) => [
      eb.fn.count<number>('source_id').distinct().as('decisions'),
      eb.fn.sum<number>('mentions').as('mentions'),
    ])
    .where('source_id', 'in', [...ids])
    .where('sr_number', 'is not', null)
    .groupBy(['sr_number', 'article'])
    .execute();
  return rows
    .map((r) => ({
      sr_number: r.sr_number!,
      article: r.article,
      decisions: Number(r.decisions),
      mentions: Number(r.mentions),
    }))
    .sort(
      (a, b) =>
        b.decisions - a.decisions ||
        b.mentions - a.mentions ||
        a.sr_number.localeCompare(b.sr_number) ||
        a.article.localeCompare(b.article, 'en', { numeric: true }),
    );
}

/** The latest federal wording of these provisions in these languages (one read). */
async function latestArticleTexts(
  deps: ApiDeps,
  provisions: readonly { sr_number: string; article: string }[],
  languages: readonly Language[],
) {
  if (provisions.length === 0) return [];
  return deps.db
    .selectFrom('statute_articles')
    .select(['sr_number', 'article_num as article', 'language', 'text'])
    .where('jurisdiction', '=', 'CH')
    .where('is_latest', '=', true)
    .where('language', 'in', [...languages])
    .where((w) =>
      w.or(
        provisions.map((p) => w.and([w('sr_number', '=', p.sr_number), w('article_num', '=', p.article)])),
      ),
    )
    .execute();
}

/** Articles of federal acts whose wording uses the concept's words as a phrase, best first. */
async function conceptArticles(deps: ApiDeps, words: readonly string[], language: Language) {
  const found = await searchLaws(
    deps.db,
    { query: `"${words.join(' ')}"`, jurisdiction: 'federal', language, limit: 50 },
    deps.settings.basePath,
  );
  return found.results.map((r) => ({ sr_number: r.sr_number, article: r.article_num }));
}

function commentaryFromLookup(
  body: Extract<Awaited<ReturnType<typeof lookupCommentaries>>, { kind: 'found' }>['body'],
  basePath: string,
): Commentary | null {
  const c = body.commentaries[0];
  const p = c?.paragraphs[0];
  if (!c || !p) return null;
  const { legal_text: _text, paragraphs: _paragraphs, paragraphs_total: _total, ...source } = c;
  return {
    ...source,
    ...p,
    basis: 'statute',
    lookup_url: lookupUrl(basePath, body.sr_number, body.article, body.language),
  };
}

/** The commentary paragraph: the best match of the query words, else the commentary of the statute. */
async function commentaryOf(
  deps: ApiDeps,
  q: { text: string; byWords: boolean },
  statute: DoctrineStatute | null,
  language: Language,
): Promise<Commentary | null> {
  const basePath = deps.settings.basePath;
  if (q.byWords) {
    const found = await searchCommentaries(deps, { query: q.text, language, limit: 1 });
    const hit = found.kind === 'found' ? found.body.results[0] : undefined;
    if (hit) {
      const { snippet: _snippet, score: _score, ...rest } = hit;
      return {
        ...rest,
        basis: 'query',
        lookup_url:
          hit.sr_number !== null ? lookupUrl(basePath, hit.sr_number, hit.article, hit.language) : null,
      };
    }
  }
  if (!statute) return null;
  const found = await lookupCommentaries(deps.db, {
    abbreviation: statute.sr_number,
    query: { article: statute.article, language },
    today: deps.today(),
    basePath,
  });
  return found.kind === 'found' ? commentaryFromLookup(found.body, basePath) : null;
}

const timelineDecisionOf = (node: NodeRow, ctx: SummaryContext) => {
  const d = graphDecisionOf(node, ctx);
  return {
    decision_id: d.decision_id,
    court: d.court,
    decision_date: d.decision_date,
    language: d.language,
    docket_number: d.docket_number,
    citation_string_de: d.citation_string_de,
    citation_string_fr: d.citation_string_fr,
    citation_string_it: d.citation_string_it,
    canonical_url: d.canonical_url,
  };
};

/** Changes of practice among the decisions matching `ast` (the rule of practice-change.ts). */
async function practiceChanges(deps: ApiDeps, ast: QueryNode, ctx: SummaryContext): Promise<Event[]> {
  if (!PRACTICE_CHANGE_PREFILTER.ok || PRACTICE_CHANGE_PREFILTER.ast === null) return [];
  const found = await deps.search.searchIds({
    query: { kind: 'and', children: [ast, PRACTICE_CHANGE_PREFILTER.ast] },
    filters: {},
    sort: 'date_asc',
    limit: PRACTICE_CHANGE_CANDIDATES,
    offset: 0,
  });
  const ids = [...found.ids];
  if (ids.length === 0) return [];
  const texts = await deps.db
    .selectFrom('decisions')
    .select(['decision_id', 'full_text'])
    .where('decision_id', 'in', ids)
    .execute();
  const textOf = new Map(texts.map((t) => [t.decision_id, t.full_text]));
  const readable = ids.filter((id) => practiceChangeMarkers(textOf.get(id) ?? '').length > 0);
  const changes: {
    source: string;
    target: string;
    raw: string;
    confidence: number;
    change: NonNullable<ReturnType<typeof practiceChangeOfReference>>;
  }[] = [];
  for (const id of readable) {
    const edges = await outgoingEdges(deps.db, id, 'citation', {
      minConfidence: DEFAULT_MIN_CONFIDENCE,
      limit: 200,
      offset: 0,
    });
    for (const edge of edges.rows) {
      const change = practiceChangeOfReference(textOf.get(id)!, edge.raw);
      if (change)
        changes.push({
          source: id,
          target: edge.target_id,
          raw: edge.raw,
          confidence: edge.confidence,
          change,
        });
    }
  }
  const nodes = await nodesByIds(
    deps.db,
    changes.flatMap((c) => [c.source, c.target]),
  );
  const events: Event[] = [];
  for (const c of changes) {
    const later = nodes.get(c.source);
    const earlier = nodes.get(c.target);
    // The practice changed is older than the decision changing it.
    if (!later?.decision_date || !earlier?.decision_date || earlier.decision_date >= later.decision_date)
      continue;
    events.push({
      kind: 'change_of_practice',
      decision: timelineDecisionOf(later, ctx),
      rank: null,
      change: {
        departs_from: timelineDecisionOf(earlier, ctx),
        reference: c.raw,
        marker: c.change.marker,
        excerpt: c.change.excerpt,
        confidence: c.confidence,
      },
    });
  }
  return events;
}

/** The earliest decision matching `ast` with a date. */
async function firstDecision(deps: ApiDeps, ast: QueryNode, ctx: SummaryContext): Promise<Event | null> {
  const found = await deps.search.searchIds({ query: ast, filters: {}, sort: 'date_asc', limit: 1, offset: 0 });
  const id = found.ids[0];
  const node = id ? (await nodesByIds(deps.db, [id])).get(id) : undefined;
  if (!node?.decision_date) return null;
  return { kind: 'first_decision', decision: timelineDecisionOf(node, ctx), rank: null, change: null };
}

const KIND_ORDER: Readonly<Record<Event['kind'], number>> = {
  first_decision: 0,
  change_of_practice: 1,
  leading_decision: 2,
};

function timelineOf(events: readonly Event[]): DoctrineResponse['timeline'] {
  const byYear = new Map<number, Event[]>();
  for (const e of events) {
    const year = Number(e.decision.decision_date!.slice(0, 4));
    byYear.set(year, [...(byYear.get(year) ?? []), e]);
  }
  return [...byYear.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, list]) => ({
      year,
      events: list.sort(
        (a, b) =>
          a.decision.decision_date!.localeCompare(b.decision.decision_date!) ||
          KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
          a.decision.decision_id.localeCompare(b.decision.decision_id) ||
          (a.change?.departs_from.decision_id ?? '').localeCompare(b.change?.departs_from.decision_id ?? ''),
      ),
    }));
}

/** The language most leading decisions are written in (de, fr, it order on a tie), else null. */
function majorityLanguage(leading: LeadingCasesResponse): Language | null {
  const counts = new Map<Language, number>();
  for (const r of leading.results)
    if ((LANGUAGES as readonly string[]).includes(r.language))
      counts.set(r.language as Language, (counts.get(r.language as Language) ?? 0) + 1);
  let best: Language | null = null;
  for (const l of LANGUAGES) if ((counts.get(l) ?? 0) > (best ? counts.get(best)! : 0)) best = l;
  return best;
}

/** `/doctrine`: 422 for a query the search language cannot read; 404 when nothing at all is held on it. */
export async function doctrine(deps: ApiDeps, q: DoctrineQuery): Promise<DoctrineResponse> {
  const text = q.query;
  const ast = parseSearchText(text, 'query');
  const ctx = summaryContextOf(deps);
  const reading = statuteReadingOf(text);
  const notes: string[] = [];

  const leading = await leadingCases(
    deps.db,
    deps.search,
    reading
      ? {
          law_code: reading.law,
          article: reading.article,
          ...(reading.rest !== '' ? { query: reading.rest } : {}),
          limit: DOCTRINE_LEADING_DECISIONS,
        }
      : { query: text, limit: DOCTRINE_LEADING_DECISIONS },
    ctx,
  );
  const leadingIds = leading.results.map((r) => r.decision_id);
  const applied = await appliedProvisions(deps, leadingIds);
  const appliedCount = (sr: string, article: string) =>
    applied.find((a) => a.sr_number === sr && a.article === article)?.decisions ?? 0;

  let kind: DoctrineResponse['kind'] = 'topic';
  let language: Language =
    q.language ??
    (reading ? languageOfMask(reading.ref.languages) : null) ??
    majorityLanguage(leading) ??
    'de';
  let statute: DoctrineStatute | null = null;

  if (reading) {
    kind = 'statute_reference';
    const found = await statuteOf(
      deps,
      reading.law,
      reading.article,
      language,
      'query',
      appliedCount(reading.ref.sr!, reading.article),
    );
    if ('statute' in found) statute = found.statute;
    else notes.push(`No statute text: ${found.reason}`);
  } else {
    const words = plainWords(ast);
    if (words) {
      const phrase = words.join(' ').toLocaleLowerCase();
      const uses = (statuteText: string) =>
        statuteText.replace(/\s+/g, ' ').toLocaleLowerCase().includes(phrase);
      const tried = q.language ? [q.language] : [language, ...LANGUAGES.filter((x) => x !== language)];
      // The provision the leading decisions apply most whose wording (latest consolidation) uses the concept.
      const candidates = applied.slice(0, STATUTE_CANDIDATES);
      const texts = await latestArticleTexts(deps, candidates, tried);
      search: for (const l of tried) {
        for (const p of candidates) {
          if (
            !texts.some(
              (t) =>
                t.language === l && t.sr_number === p.sr_number && t.article === p.article && uses(t.text),
            )
          )
            continue;
          const found = await statuteOf(deps, p.sr_number, p.article, l, 'concept', p.decisions);
          if ('statute' in found && uses(found.statute.text)) {
            kind = 'concept';
            language = l;
            statute = found.statute;
            break search;
          }
        }
      }
      // Else the article of the statute collection that uses it best (full-text, as /laws/search).
      for (const l of kind === 'concept' ? [] : tried) {
        const articles = await conceptArticles(deps, words, l);
        if (articles.length === 0) continue;
        kind = 'concept';
        language = l;
        const best = articles[0]!;
        const found = await statuteOf(
          deps,
          best.sr_number,
          best.article,
          language,
          'concept',
          appliedCount(best.sr_number, best.article),
        );
        if ('statute' in found) statute = found.statute;
        break;
      }
    }
    if (kind === 'topic') {
      for (const p of applied.slice(0, STATUTE_CANDIDATES)) {
        const found = await statuteOf(
          deps,
          p.sr_number,
          p.article,
          language,
          'applied_by_leading_decisions',
          p.decisions,
        );
        if ('statute' in found) {
          statute = found.statute;
          break;
        }
      }
      if (!statute)
        notes.push('No statute text: the leading decisions apply no provision the statute collection holds.');
    }
  }

  const commentary = await commentaryOf(
    deps,
    { text: reading ? reading.rest : text, byWords: !reading || reading.rest !== '' },
    statute,
    language,
  );
  if (!commentary)
    notes.push(
      statute
        ? `No commentary on ${statute.citation} or matching the query is held in ${language}.`
        : `No commentary matching the query is held in ${language}.`,
    );
  if (leading.results.length === 0) notes.push('No decision in the citation graph matches the query.');

  const [first, changes] = await Promise.all([
    firstDecision(deps, ast, ctx),
    practiceChanges(deps, ast, ctx),
  ]);
  const events: Event[] = [
    ...(first ? [first] : []),
    ...changes,
    ...leading.results
      .filter((r) => r.decision_date !== null)
      .map((r): Event => ({
        kind: 'leading_decision',
        decision: timelineDecisionOf(r, ctx),
        rank: r.rank,
        change: null,
      })),
  ];
  if (!statute && !commentary && leading.results.length === 0 && events.length === 0)
    throw notFound(`Nothing on '${text}' is held: no statute, decision or commentary; try a broader topic.`);

  return {
    query: text,
    kind,
    language,
    statute,
    leading_decisions: leading.results,
    leading_decisions_context: leading.context_decisions,
    ranking: leading.ranking,
    timeline: timelineOf(events),
    timeline_rule: DOCTRINE_TIMELINE_RULE,
    commentary,
    notes,
    generator: 'deterministic',
  };
}
