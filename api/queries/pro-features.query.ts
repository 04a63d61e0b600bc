import pLimit from 'p-limit';
import type { z } from 'zod';
import type { findSupportResponse, verifyResponse } from '../../contracts/api/billing.schema.ts';
import type { VerifyClaimResponse } from '../../contracts/api/citation.schema.ts';
import { contentWords } from '../../contracts/citation/lexical-match.ts';
import { findCitations, isCaseCitation } from '../../contracts/citation/grammar/find-citations.ts';
import type { QueryNode } from '../../contracts/search/query-ast.ts';
import { parseQuery } from '../../contracts/search/query-parser.ts';
import type { ApiDeps } from '../api-deps.ts';
import { notFound } from '../errors.ts';
import { caseBrief } from './case-brief.query.ts';
import { findByReference } from './identifiers.query.ts';
import type { SummaryContext } from './summaries.ts';
import { verifyClaim } from './verify-claim.query.ts';

type Lang = 'de' | 'fr' | 'it';
type VerifyResponse = z.infer<typeof verifyResponse>;
type FindSupportResponse = z.infer<typeof findSupportResponse>;
type Log = { warn(obj: object, msg: string): void };

/** Decisions a statement is judged against (each is one language-model call). */
const CANDIDATES = 8;
/** Language-model calls at once for one request. */
const JUDGE_CONCURRENCY = 3;
/** Words of a statement that go into its search. */
const QUERY_WORDS = 12;

const ctxOf = (deps: ApiDeps): SummaryContext => ({
  publicBaseUrl: deps.settings.publicBaseUrl,
  today: deps.today(),
});

function judged(v: VerifyClaimResponse, lang: Lang) {
  return {
    supports: v.supports,
    confidence: v.confidence,
    supporting_excerpt: v.supporting_excerpt,
    qualifying_excerpt: v.qualifying_excerpt,
    reasoning: v.reasoning,
    excerpts_dropped: v.excerpts_dropped,
    citation_string: v[`citation_string_${lang}`],
    citation_string_de: v.citation_string_de,
    citation_string_fr: v.citation_string_fr,
    citation_string_it: v.citation_string_it,
    canonical_url: v.canonical_url,
  };
}

/** Pro reference verification: the case brief of `caseRef` and the model's verdict on the selected text. */
export async function verifyReference(
  deps: ApiDeps,
  input: { selected_text: string; case_ref: string; lang: Lang },
  log: Log,
): Promise<VerifyResponse> {
  const found = await findByReference(deps.db, input.case_ref);
  if (!found) throw notFound(`No decision with id, docket number or reference '${input.case_ref}'`);
  const brief = await caseBrief(deps.db, found, ctxOf(deps));
  const verdict = await verifyClaim(
    deps,
    { claim: input.selected_text, decision_id: found.decision.decision_id },
    log,
  );
  return {
    case_ref: input.case_ref,
    decision_id: verdict.decision_id,
    title: brief.title ?? null,
    regeste: brief.regeste ?? null,
    rule_statement: brief.rule_statement ?? null,
    judge: verdict.judge,
    ...judged(verdict, input.lang),
  };
}

/** The search a statement becomes: the statute provisions it names, and its content words, any of them. */
export function statementQuery(statement: string): {
  query: QueryNode | null;
  text: string;
  statutes: string[];
} {
  const statutes = [
    ...new Set(
      findCitations(statement)
        .filter((m) => m.kind === 'statute')
        .map((m) => m.text.replace(/\s+/g, ' ').trim()),
    ),
  ];
  const cases = findCitations(statement).filter(isCaseCitation);
  const children: QueryNode[] = [];
  for (const text of [...statutes, ...cases.map((c) => c.text)]) {
    const parsed = parseQuery(text);
    if (parsed.ok && parsed.ast?.kind === 'reference') children.push(parsed.ast);
  }
  const covered = new Set(
    [...statutes, ...cases.map((c) => c.text)].flatMap((t) => t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []),
  );
  const words = contentWords(statement)
    .filter((w) => !covered.has(w) && !/^\d+$/.test(w))
    .sort((a, b) => b.length - a.length)
    .slice(0, QUERY_WORDS);
  for (const w of words) children.push({ kind: 'term', text: w });
  const text = [...statutes, ...cases.map((c) => c.text), ...words].join(' OR ');
  if (children.length === 0) return { query: null, text, statutes };
  return { query: children.length === 1 ? children[0]! : { kind: 'or', children }, text, statutes };
}

const scoreOf = (v: VerifyClaimResponse) =>
  v.supports === 'yes' ? v.confidence : v.supports === 'partial' ? v.confidence / 2 : 0;

/** Pro find-support: searches decisions for the statement, judges each, ranks those that support it. */
export async function findSupport(
  deps: ApiDeps,
  input: { statement: string; lang: Lang },
  log: Log,
): Promise<FindSupportResponse> {
  const { query, text, statutes } = statementQuery(input.statement);
  const base = {
    statement: input.statement,
    query: text,
    statutes,
    judge: deps.claimJudge?.name ?? 'lexical',
  };
  if (!query) return { ...base, results: [] };
  const found = await deps.search.search({
    query,
    filters: {},
    sort: 'relevance',
    limit: CANDIDATES,
    offset: 0,
  });
  const limit = pLimit(JUDGE_CONCURRENCY);
  const verdicts = await Promise.all(
    found.hits.map((hit) =>
      limit(async () => ({
        hit,
        verdict: await verifyClaim(deps, { claim: input.statement, decision_id: hit.decision_id }, log),
      })),
    ),
  );
  const results = verdicts
    .map(({ hit, verdict }) => ({
      decision_id: verdict.decision_id,
      title: hit.title || null,
      decision_date: hit.decision_date,
      score: Math.round(scoreOf(verdict) * 1000) / 1000,
      ...judged(verdict, input.lang),
    }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.decision_id.localeCompare(b.decision_id));
  return { ...base, results };
}
