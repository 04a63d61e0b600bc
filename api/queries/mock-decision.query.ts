/**
 * `/mock-decision`: a research-only outline of a decision on the request's facts. Statutes are
 * resolved and quoted from the statute collection; decisions are the leading cases on those
 * provisions and the best text matches of the facts; the Erwägungen outline quotes both verbatim.
 * With a language model the wording of issues, outline and Dispositiv is drafted by it, but it may
 * rely only on the authorities found here (checked); a failing model is a 503.
 */
import { z } from 'zod';
import type {
  MockDecisionRequest,
  MockDecisionResponse,
  TeachingLanguage,
} from '../../contracts/api/teaching.schema.ts';
import { findQuotations, quotedVerbatim } from '../../contracts/citation/quotations.ts';
import { courtByKey } from '../../contracts/courts/court-registry.ts';
import type { QueryNode } from '../../contracts/search/query-ast.ts';
import { type LanguageModel, LanguageModelUnavailableError } from '../../infra/llm/language-model.port.ts';
import type { ApiDeps } from '../api-deps.ts';
import { RequestValidationError } from '../validation.ts';
import { isKnownCourt } from './corpus.query.ts';
import { leadingCases } from './leading-cases.query.ts';
import { OUTLINE_TEXTS } from './mock-decision.texts.ts';
import { resolveStatutes, statuteLabel, type AppliedStatute } from './mock-statutes.query.ts';
import { summaryContextOf } from './summaries.ts';
import { decisionMaterials, withModel, type DecisionMaterial } from './teaching-sources.query.ts';

/** Facts shorter than this (words, clarifications included) ask for more. */
const THIN_FACTS_WORDS = 30;
/** Words of the facts searched for (the most frequent long ones). */
const SEARCH_TERMS = 12;
/** Leading cases taken per provision. */
const PER_PROVISION = 3;

type Outline = MockDecisionResponse['erwaegungen_outline'];

/** The most frequent words of at least six letters, as an OR query ranked by relevance. */
function keywordQuery(text: string): QueryNode | null {
  const counts = new Map<string, number>();
  for (const w of text.toLowerCase().match(/[\p{L}]{6,}/gu) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
  const terms = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || b[0].length - a[0].length || a[0].localeCompare(b[0]))
    .slice(0, SEARCH_TERMS)
    .map(([text]): QueryNode => ({ kind: 'term', text }));
  if (terms.length === 0) return null;
  return terms.length === 1 ? terms[0]! : { kind: 'or', children: terms };
}

interface Found {
  readonly id: string;
  readonly why: string;
  readonly provision: AppliedStatute | null;
}

async function relevantDecisions(
  deps: ApiDeps,
  statutes: readonly AppliedStatute[],
  text: string,
  limit: number,
  language: TeachingLanguage,
): Promise<Found[]> {
  const ctx = summaryContextOf(deps);
  const found: Found[] = [];
  const add = (f: Found) => {
    if (found.length < limit && !found.some((x) => x.id === f.id)) found.push(f);
  };
  for (const s of statutes.filter((x) => x.article !== null)) {
    const leading = await leadingCases(
      deps.db,
      deps.search,
      { law_code: s.sr_number, article: s.article!, limit: PER_PROVISION },
      ctx,
    );
    for (const r of leading.results)
      add({
        id: r.decision_id,
        why: `Leading case on ${statuteLabel(s, language)} (rank ${r.rank})`,
        provision: s,
      });
  }
  const query = keywordQuery(text);
  if (query && found.length < limit) {
    const hits = await deps.search.search({ query, filters: {}, sort: 'relevance', limit, offset: 0 });
    for (const h of hits.hits) add({ id: h.decision_id, why: 'Text match of the facts', provision: null });
  }
  return found;
}

function deterministicOutline(
  language: TeachingLanguage,
  court: string | null,
  statutes: readonly AppliedStatute[],
  decisions: readonly { found: Found; m: DecisionMaterial }[],
): Outline {
  const t = OUTLINE_TEXTS[language];
  const outline: Outline = [
    { number: '1', heading: t.formalHeading, text: t.formalText(court), authorities: [] },
  ];
  for (const s of statutes) {
    const label = statuteLabel(s, language);
    const cases = decisions.filter((d) => d.found.provision === s).slice(0, 2);
    const parts = [
      s.text ? `${t.provisionText}: ${label}: «${s.text}»` : `${t.provisionText}: ${label} (${s.title})`,
    ];
    parts.push(
      cases.length > 0
        ? `${t.caseLawText}: ${cases.map((c) => `${c.m.head.citation_string_de}: «${c.m.head.rule_statement}»`).join(' ')}`
        : t.noCaseLaw,
    );
    outline.push({
      number: String(outline.length + 1),
      heading: label,
      text: parts.join('\n'),
      authorities: [label, ...cases.map((c) => c.m.head.citation_string_de)],
    });
  }
  const others = decisions.filter((d) => d.found.provision === null).slice(0, 3);
  if (others.length > 0) {
    outline.push({
      number: String(outline.length + 1),
      heading: t.caseLawText,
      text: others.map((c) => `${c.m.head.citation_string_de}: «${c.m.head.rule_statement}»`).join('\n'),
      authorities: others.map((c) => c.m.head.citation_string_de),
    });
  }
  outline.push({
    number: String(outline.length + 1),
    heading: t.resultHeading,
    text: t.resultText,
    authorities: [],
  });
  return outline;
}

const DRAFT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['issues', 'outline', 'dispositiv', 'clarifying_questions'],
  properties: {
    issues: { type: 'array', items: { type: 'string' } },
    outline: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['heading', 'text', 'authorities'],
        properties: {
          heading: { type: 'string' },
          text: { type: 'string' },
          authorities: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    dispositiv: { type: 'array', items: { type: 'string' } },
    clarifying_questions: { type: 'array', items: { type: 'string' } },
  },
} as const;
const draftAnswer = z.object({
  issues: z.array(z.string()),
  outline: z
    .array(z.object({ heading: z.string(), text: z.string(), authorities: z.array(z.string()) }))
    .min(1),
  dispositiv: z.array(z.string()).min(1),
  clarifying_questions: z.array(z.string()),
});

/** The model's draft, with its authority keys (S1, D1, ...) checked against the research set and its quotations against the sources. */
async function modelDraft(
  model: LanguageModel,
  body: MockDecisionRequest,
  language: TeachingLanguage,
  statutes: readonly AppliedStatute[],
  decisions: readonly { m: DecisionMaterial }[],
) {
  const keys = new Map<string, string>();
  const sources: string[] = [];
  const lines: string[] = [];
  statutes.forEach((s, i) => {
    const label = statuteLabel(s, language);
    keys.set(`S${i + 1}`, label);
    if (s.text) sources.push(s.text);
    lines.push(`S${i + 1}: ${label} — ${s.text ?? s.title}`);
  });
  decisions.forEach((d, i) => {
    keys.set(`D${i + 1}`, d.m.head.citation_string_de);
    sources.push(d.m.fullText);
    lines.push(`D${i + 1}: ${d.m.head.citation_string_de} — ${d.m.head.rule_statement}`);
  });
  const answer = await model.completeJson({
    name: 'mock_decision',
    schema: DRAFT_SCHEMA,
    system:
      'You outline a Swiss court decision for research and teaching only. Rely only on the authorities listed (name them in `authorities` by their keys S1, D1, ...; never any other). Quote only verbatim text of those authorities, in «guillemets». Write in the requested language. Answer with the JSON object only.',
    user: `Language: ${language}\nQuestion: ${body.question ?? '-'}\n\nFacts:\n<<<\n${body.facts}\n>>>\n\nClarifications:\n${(body.clarifications ?? []).map((c) => `${c.question} ${c.answer}`).join('\n') || '-'}\n\nAuthorities:\n${lines.join('\n') || '-'}`,
  });
  const parsed = draftAnswer.safeParse(answer);
  if (!parsed.success)
    throw new LanguageModelUnavailableError(
      `The language model ${model.name} answered without the outline fields.`,
    );
  const draft = parsed.data;
  const unknown = draft.outline.flatMap((p) => p.authorities).filter((k) => !keys.has(k));
  if (unknown.length > 0)
    throw new LanguageModelUnavailableError(
      `The language model ${model.name} relied on authorities outside the research set (${unknown.slice(0, 5).join(', ')}).`,
    );
  const texts = [...draft.issues, ...draft.outline.map((p) => p.text), ...draft.dispositiv];
  const invented = texts
    .flatMap((t) => findQuotations(t))
    .filter((q) => !sources.some((s) => quotedVerbatim(q.text, s)));
  if (invented.length > 0)
    throw new LanguageModelUnavailableError(
      `The language model ${model.name} quoted text that is not in the sources.`,
    );
  return {
    ...draft,
    outline: draft.outline.map((p, i) => ({
      number: String(i + 1),
      heading: p.heading,
      text: p.text,
      authorities: p.authorities.map((k) => keys.get(k)!),
    })),
  };
}

/** The deciding court's key and name; 422 for a key no court has. */
async function decidingCourt(
  deps: ApiDeps,
  key: string | null | undefined,
  language: TeachingLanguage,
  loc: string,
) {
  if (key === null || key === undefined || key.trim() === '') return null;
  const court = key.trim().toLowerCase();
  if (!(await isKnownCourt(deps.db, court)))
    throw new RequestValidationError([
      {
        loc: [loc, 'deciding_court'],
        msg: 'Unknown court key; list the courts via /courts',
        type: 'value_error',
        input: key,
      },
    ]);
  return { court, name: courtByKey(court)?.name[language] ?? court };
}

export async function mockDecision(
  deps: ApiDeps,
  body: MockDecisionRequest,
  model: LanguageModel | null,
  loc: 'body' | 'query',
): Promise<MockDecisionResponse> {
  const language: TeachingLanguage = body.preferred_language ?? 'de';
  const t = OUTLINE_TEXTS[language];
  const court = await decidingCourt(deps, body.deciding_court, language, loc);
  const { statutes, unresolved } = await resolveStatutes(deps.db, body, language, deps.today());
  const text = [body.facts, body.question ?? '', ...(body.clarifications ?? []).map((c) => c.answer)].join(
    '\n',
  );
  const found = await relevantDecisions(deps, statutes, text, body.limit, language);
  const materials = await decisionMaterials(
    deps.db,
    found.map((f) => f.id),
    summaryContextOf(deps),
  );
  const decisions = found.flatMap((f) => {
    const m = materials.find((x) => x.core.decision_id === f.id);
    return m ? [{ found: f, m }] : [];
  });
  const questions: string[] = [];
  if ((text.match(/[\p{L}\p{N}]+/gu) ?? []).length < THIN_FACTS_WORDS) questions.push(t.askFacts);
  if (!body.question?.trim()) questions.push(t.askQuestion);
  if (statutes.length === 0) questions.push(t.askStatutes);
  if (decisions.length === 0) questions.push(t.askDecisions);
  const issues = [
    ...(body.question?.trim() ? [body.question.trim()] : []),
    ...statutes.filter((s) => s.article !== null).map((s) => t.issueOf(statuteLabel(s, language))),
  ];
  const drafted = model
    ? await withModel(() => modelDraft(model, body, language, statutes, decisions))
    : null;
  return {
    research_only: true,
    notice: t.notice,
    language,
    deciding_court: court,
    issues: drafted?.issues ?? (issues.length > 0 ? issues : [t.generalIssue]),
    statutes,
    unresolved_statutes: unresolved,
    decisions: decisions.map((d, i) => ({ ...d.m.head, rank: i + 1, why: d.found.why })),
    erwaegungen_outline:
      drafted?.outline ?? deterministicOutline(language, court?.name ?? null, statutes, decisions),
    proposed_dispositiv: drafted?.dispositiv ?? t.dispositiv(court?.name ?? null),
    clarifying_questions: drafted ? [...new Set([...questions, ...drafted.clarifying_questions])] : questions,
    generator: model ? model.name : 'deterministic',
    limit: body.limit,
  };
}
