/**
 * GET /exam-question: a real leading decision on the topic becomes an exam case. The fact pattern
 * is the decision's Sachverhalt (verbatim; with a language model, rewritten as an exam case), the
 * hidden analysis the Erwägungen its head-note points to, the statutes it applies and its
 * Dispositiv, each passage checked to be verbatim in the decision.
 */
import { z } from 'zod';
import type { LeadingCasesQuery } from '../../contracts/api/graph.schema.ts';
import type {
  ExamQuestionQuery,
  ExamQuestionResponse,
  TeachingLanguage,
} from '../../contracts/api/teaching.schema.ts';
import { rankSentences } from '../../contracts/citation/lexical-match.ts';
import type { LanguageModel } from '../../infra/llm/language-model.port.ts';
import { LanguageModelUnavailableError } from '../../infra/llm/language-model.port.ts';
import type { ApiDeps } from '../api-deps.ts';
import { notFound } from '../errors.ts';
import { parseSearchText } from '../search-text.ts';
import { regesteRefs } from './decision-views.query.ts';
import { leadingCases } from './leading-cases.query.ts';
import { cutAtWord, type ErwaegungRow } from './structure.query.ts';
import { summaryContextOf } from './summaries.ts';
import {
  decisionMaterials,
  firstWithFactsAndReasons,
  passageOf,
  statutesCitedBy,
  withModel,
  type DecisionMaterial,
} from './teaching-sources.query.ts';

/** Leading decisions looked at beyond the excluded ones; when none of them has facts and Erwägungen, the top 100. */
const CANDIDATES = 20;
const MAX_CANDIDATES = 100;
const FACTS_CHARS = 2500;
const OPERATIVE_CHARS = 2000;
/** Erwägungen chosen by closeness to the head-note when it points to none. */
const CLOSEST = 2;

const QUESTION: Record<TeachingLanguage, string> = {
  de: 'Wie ist die Rechtslage zu beurteilen? Begründen Sie Ihre Antwort unter Angabe der massgebenden Bestimmungen und der Rechtsprechung.',
  fr: 'Quelle est la situation juridique ? Motivez votre réponse en indiquant les dispositions applicables et la jurisprudence.',
  it: 'Come va valutata la situazione giuridica? Motivate la risposta indicando le disposizioni applicabili e la giurisprudenza.',
};

const languageOf = (l: string): TeachingLanguage => (l === 'fr' || l === 'it' ? l : 'de');

/** The Erwägungen that decide the case: those the head-note names (with their children), else the closest to it. */
function decisiveRows(m: DecisionMaterial, topic: string): ErwaegungRow[] {
  const refs = regesteRefs([m.structure?.regeste ?? m.core.regeste]);
  const named = m.erwaegungen.filter((r) =>
    refs.some(
      (n) => r.number === n || (r.number.startsWith(`${n}.`) && !m.erwaegungen.some((e) => e.number === n)),
    ),
  );
  if (named.length > 0) return named;
  const against = m.structure?.regeste ?? m.core.regeste ?? topic;
  return m.erwaegungen
    .map((r, i) => ({ r, i, score: rankSentences(against, r.text)[0]?.coverage ?? 0 }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, CLOSEST)
    .sort((a, b) => a.i - b.i)
    .map((s) => s.r);
}

const REWRITE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['fact_pattern', 'question'],
  properties: { fact_pattern: { type: 'string' }, question: { type: 'string' } },
} as const;
const rewriteAnswer = z.object({ fact_pattern: z.string().min(1), question: z.string().min(1) });

async function rewrite(model: LanguageModel, facts: string, language: TeachingLanguage, topic: string) {
  const answer = await model.completeJson({
    name: 'exam_case',
    schema: REWRITE_SCHEMA,
    system:
      'You write law-school exam cases from the facts of real Swiss decisions. Rewrite the facts as an exam fact pattern: anonymous parties (A, B, C), no court names, no docket numbers, no hint of the outcome. Keep every legally relevant fact. Write the question the candidate must answer. Answer in the language of the facts, with the JSON object only.',
    user: `Topic: ${topic}\nLanguage: ${language}\n\nFacts:\n<<<\n${facts}\n>>>`,
  });
  const parsed = rewriteAnswer.safeParse(answer);
  if (!parsed.success)
    throw new LanguageModelUnavailableError(
      `The language model ${model.name} answered without a fact pattern and question.`,
    );
  return parsed.data;
}

/** `/exam-question`: 404 when no leading decision on the topic (outside `exclude_ids`) has facts and Erwägungen. */
export async function examQuestion(
  deps: ApiDeps,
  q: ExamQuestionQuery,
  model: LanguageModel | null,
): Promise<ExamQuestionResponse> {
  // Syntax errors of the topic name the parameter the caller wrote.
  parseSearchText(q.topic, 'topic');
  const ctx = summaryContextOf(deps);
  const excluded = new Set(q.exclude_ids);
  const candidates = async (limit: number) => {
    const query: LeadingCasesQuery = { query: q.topic, limit };
    const leading = await leadingCases(deps.db, deps.search, query, ctx);
    return leading.results.map((r) => r.decision_id).filter((id) => !excluded.has(id));
  };
  const firstLimit = Math.min(MAX_CANDIDATES, CANDIDATES + excluded.size);
  let ids = await candidates(firstLimit);
  let first = await firstWithFactsAndReasons(deps.db, ids);
  if (!first && firstLimit < MAX_CANDIDATES && ids.length + excluded.size >= firstLimit) {
    ids = await candidates(MAX_CANDIDATES);
    first = await firstWithFactsAndReasons(deps.db, ids);
  }
  const [chosen] = first ? await decisionMaterials(deps.db, [first], ctx) : [];
  if (!chosen || !chosen.structure?.facts?.trim()) {
    throw notFound(
      `No leading decision on '${q.topic}' with facts and Erwägungen${excluded.size > 0 ? ` outside the ${excluded.size} excluded` : ''}; try a broader topic.`,
    );
  }
  const language = languageOf(chosen.core.language);
  const facts = cutAtWord(chosen.structure.facts.trim(), FACTS_CHARS).excerpt;
  const decisive = decisiveRows(chosen, q.topic)
    .map((r) => passageOf(chosen, r.number, r.text, ctx))
    .filter((p) => p !== null);
  const operative = chosen.structure?.operative?.trim();
  const result = operative
    ? passageOf(chosen, null, cutAtWord(operative, OPERATIVE_CHARS).excerpt, ctx)
    : null;
  const rewritten = model ? await withModel(() => rewrite(model, facts, language, q.topic)) : null;
  return {
    topic: q.topic,
    decision: chosen.head,
    language,
    fact_pattern: rewritten
      ? {
          text: rewritten.fact_pattern,
          source: 'model_rewrite',
          note: `Rewritten by a language model from the Sachverhalt of ${chosen.head.citation_string_de}; the hidden analysis quotes the decision verbatim.`,
        }
      : {
          text: facts,
          source: 'verbatim_facts',
          note: `The Sachverhalt of ${chosen.head.citation_string_de}, verbatim.`,
        },
    question: rewritten?.question ?? QUESTION[language],
    hidden_analysis: {
      decisive_erwaegungen: decisive,
      statutes: await statutesCitedBy(deps.db, chosen.core.decision_id),
      result,
      quotes_verified: true,
    },
    generator: model ? model.name : 'deterministic',
    candidates_considered: ids.length,
    excluded: [...excluded],
  };
}
