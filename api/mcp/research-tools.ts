/**
 * The research routes as MCP tools. Each tool names the HTTP parts its arguments belong to (path,
 * query, body) with the route's own zod schemas, returns the route's response schema as structured
 * output, and runs the same query function as the route.
 */
import { z } from 'zod';
import { amendmentRefQuery, amendmentRefResponse } from '../../contracts/api/amendment-ref.schema.ts';
import {
  attestBody,
  attestResponse,
  citeQuery,
  citeResponse,
  verifyClaimBody,
  verifyClaimResponse,
} from '../../contracts/api/citation.schema.ts';
import {
  decisionDetail,
  decisionParams,
  decisionQuery,
  searchDecisionsQuery,
  searchEnvelope,
} from '../../contracts/api/decisions.schema.ts';
import {
  appealChainQuery,
  appealChainResponse,
  citationsQuery,
  citationsResponse,
  graphDecisionParams,
  leadingCasesQuery,
  leadingCasesResponse,
  trendsQuery,
  trendsResponse,
} from '../../contracts/api/graph.schema.ts';
import {
  lawParams,
  lawQuery,
  lawResponse,
  lawSearchQuery,
  lawSearchResponse,
  lawTwoPartParams,
} from '../../contracts/api/laws.schema.ts';
import { legislationSearchQuery, legislationSearchResponse } from '../../contracts/api/legislation.schema.ts';
import {
  caseBriefResponse,
  caseParams,
  decisionRefParams,
  erwaegungParams,
  erwaegungResponse,
  regesteResponse,
  structureQuery,
  structureResponse,
} from '../../contracts/api/structure.schema.ts';
import { exportFormatQuery, exportParams, exportResponse } from '../../contracts/api/exports.schema.ts';
import {
  commentaryParams,
  commentaryQuery,
  commentaryResponse,
  commentarySearchQuery,
  commentarySearchResponse,
} from '../../contracts/api/commentaries.schema.ts';
import { doctrineQuery, doctrineResponse } from '../../contracts/api/doctrine.schema.ts';
import {
  materialsLawParams,
  materialsLawQuery,
  materialsLawResponse,
  materialsSearchQuery,
  materialsSearchResponse,
} from '../../contracts/api/materials.schema.ts';
import {
  examQuestionQuery,
  examQuestionResponse,
  mockDecisionBody,
  mockDecisionResponse,
} from '../../contracts/api/teaching.schema.ts';
import type { ApiDeps } from '../api-deps.ts';
import { ApiError } from '../errors.ts';
import { amendmentRefOrNotFound } from '../queries/amendment-ref.query.ts';
import { attestDraft } from '../queries/attest.query.ts';
import { cite } from '../queries/cite.query.ts';
import { searchDecisions } from '../queries/decision-search.query.ts';
import { exportDecision } from '../queries/exports.query.ts';
import { caseBriefOf, erwaegungOf, regesteOf, structureOf } from '../queries/decision-views.query.ts';
import { decisionOrNotFound } from '../queries/decisions.query.ts';
import { appealChainFor, citationsFor, leadingCasesFor, trendsFor } from '../queries/graph-views.query.ts';
import { lookupLaw } from '../queries/law-lookup.query.ts';
import { searchLaws } from '../queries/law-search.query.ts';
import { searchLegislation } from '../queries/legislation.query.ts';
import { summaryContextOf } from '../queries/summaries.ts';
import { verifyClaim } from '../queries/verify-claim.query.ts';
import { lookupCommentaries, searchCommentaries } from '../queries/commentaries.query.ts';
import { doctrine } from '../queries/doctrine.query.ts';
import { examQuestion } from '../queries/exam-question.query.ts';
import { materialsForLaw, searchMaterials } from '../queries/materials.query.ts';
import { mockDecision } from '../queries/mock-decision.query.ts';
import { RequestValidationError } from '../validation.ts';

/** The HTTP parts of a route, in the order Fastify validates them (the first failing part answers). */
export const TOOL_PARTS = ['path', 'body', 'query'] as const;
export type ToolPart = (typeof TOOL_PARTS)[number];

export interface ToolContext {
  readonly log: { warn(obj: object, msg: string): void };
  /** Counts one language-model call of the caller against the daily quota (429 beyond), as the routes do. */
  readonly chargeLlmQuota?: () => Promise<void>;
}

/** The answer of a lookup that resolves a law name: the body, or the route's 404 / 422. */
type Outcome =
  | { kind: 'found'; body: unknown }
  | { kind: 'miss'; body: { code: string; detail: string } }
  | { kind: 'invalid'; details: ConstructorParameters<typeof RequestValidationError>[0] };

function foundOrThrow<O extends Outcome>(outcome: O): Extract<O, { kind: 'found' }>['body'] {
  if (outcome.kind === 'invalid') throw new RequestValidationError(outcome.details);
  if (outcome.kind === 'miss') {
    const body = outcome.body as { code: string; detail: string } & Record<string, unknown>;
    throw new ApiError(404, body.code, body.detail, body);
  }
  return (outcome as Extract<O, { kind: 'found' }>).body;
}

const QUOTABLE_SOURCES =
  'Quote verbatim: paragraph and passage text, with its citation (margin number N. or gazette page), authors, title and URL.';

/** A tool with its types erased: what the MCP server lists and calls. */
export interface ResearchTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly parts: Readonly<Partial<Record<ToolPart, z.ZodObject>>>;
  readonly output: z.ZodObject;
  readonly run: (deps: ApiDeps, args: Record<string, unknown>, ctx: ToolContext) => Promise<unknown>;
}

/** A route without this part. */
type None = z.ZodObject<Record<never, never>>;

function tool<
  Out extends z.ZodObject,
  Path extends z.ZodObject = None,
  Query extends z.ZodObject = None,
  Body extends z.ZodObject = None,
>(def: {
  name: string;
  title: string;
  description: string;
  path?: Path;
  query?: Query;
  body?: Body;
  output: Out;
  run: (
    deps: ApiDeps,
    args: z.output<Path> & z.output<Query> & z.output<Body>,
    ctx: ToolContext,
  ) => Promise<z.output<Out>>;
}): ResearchTool {
  const parts: Partial<Record<ToolPart, z.ZodObject>> = {};
  if (def.path) parts.path = def.path;
  if (def.body) parts.body = def.body;
  if (def.query) parts.query = def.query;
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    parts,
    output: def.output,
    // The arguments were validated against `parts` (parseToolArguments) before any call.
    run: (deps, args, ctx) => def.run(deps, args as z.output<Path> & z.output<Query> & z.output<Body>, ctx),
  };
}

const QUOTABLE_CITATION =
  'Quote verbatim: citation_string_de / _fr / _it and canonical_url (copy-ready, never rewrite them) and rule_statement.';

/** Statute lookups: one part for both routes (`/laws/{abbreviation}` and `/laws/{abbreviation}/{second}`). */
const lawPath = lawParams.extend({ second: lawTwoPartParams.shape.second.optional() });

export const RESEARCH_TOOLS: readonly ResearchTool[] = [
  tool({
    name: 'search_decisions',
    title: 'Search Swiss court decisions',
    description: `Full-text and filtered search over Swiss decisions (same as GET /decisions): keywords, "phrases", AND/OR/NOT, word*, docket numbers, BGE references, statute provisions (Art. 41 OR). Check total_is_lower_bound before treating total as exact; follow next_offset while has_more is true. Each result: ${QUOTABLE_CITATION} Snippets and regeste summaries are for orientation; quote the decision text through get_erwaegung.`,
    query: searchDecisionsQuery,
    output: searchEnvelope,
    run: (deps, args) => searchDecisions(deps, args),
  }),
  tool({
    name: 'get_decision',
    title: 'One decision by id or docket number',
    description: `A decision with its metadata and (unless full_text is false) its full text (same as GET /decisions/{decision_id}). ${QUOTABLE_CITATION} The full text is the published wording.`,
    path: decisionParams,
    query: decisionQuery,
    output: decisionDetail,
    run: (deps, args) => decisionOrNotFound(deps, args.decision_id, args),
  }),
  tool({
    name: 'get_erwaegung',
    title: 'Exact wording of one numbered Erwägung',
    description: `The exact text of one numbered consideration (E. 2.1) of a decision (same as GET /erwaegung/{decision_id}/{e_number}); a number that exists only through its children returns the children composed. Quote verbatim: text, and the pinpointed citation_string_de / _fr / _it and canonical_url (#e-N-M anchor).`,
    path: erwaegungParams,
    output: erwaegungResponse,
    run: (deps, args) => erwaegungOf(deps, args.decision_id, args.e_number),
  }),
  tool({
    name: 'get_regeste',
    title: "The court's own head-note",
    description: `The Regeste (head-note) of a decision in its languages, with the Erwägungen it refers to (same as GET /regeste/{decision_id}). Quote verbatim: regeste, regeste_de / _fr / _it. ${QUOTABLE_CITATION}`,
    path: decisionRefParams,
    output: regesteResponse,
    run: (deps, args) => regesteOf(deps, args.decision_id),
  }),
  tool({
    name: 'get_structure',
    title: 'Facts, considerations, operative part and head-note',
    description: `Sachverhalt, Erwägungen (numbered, as excerpts), Dispositiv and Regeste as separate fields (same as GET /structure/{decision_id}). Excerpts may be cut (truncated: true): fetch the whole wording of a paragraph with get_erwaegung before quoting it. ${QUOTABLE_CITATION}`,
    path: decisionRefParams,
    query: structureQuery,
    output: structureResponse,
    run: (deps, args) => structureOf(deps, args.decision_id, args.paragraph_excerpt_chars),
  }),
  tool({
    name: 'export_decision',
    title: 'A decision as Word, PDF, BibTeX or RIS',
    description: `The decision as a file (same as GET /decisions/{decision_id}/export.{format}): bib (BibTeX @misc) and ris (RIS, type CASE) as UTF-8 text, docx (Word) and pdf as base64; download_url is the HTTP address of the same file. Word and PDF carry the citation strings, court, date, docket, canonical URL, Regeste, facts, every Erwägung under its number and the Dispositiv. When the Word or PDF renderer fails the same content comes as plain text (media_type text/plain, fallback says why). The citation strings in every format are copy-ready: never rewrite them.`,
    path: exportParams,
    query: exportFormatQuery,
    output: exportResponse,
    run: async (deps, args, ctx) => {
      const out = await exportDecision(deps, args.decision_id, args.format, ctx.log);
      const text = out.fallback !== null || args.format === 'bib' || args.format === 'ris';
      return {
        decision_id: out.decisionId,
        format: args.format,
        media_type: out.mime,
        filename: out.filename,
        encoding: text ? ('utf-8' as const) : ('base64' as const),
        content: out.body.toString(text ? 'utf8' : 'base64'),
        download_url: `${deps.settings.publicBaseUrl.replace(/\/+$/, '')}/decisions/${encodeURIComponent(out.decisionId)}/export.${args.format}`,
        fallback: out.fallback,
      };
    },
  }),
  tool({
    name: 'case_brief',
    title: 'Brief of a decision',
    description: `Facts, reasoning, statutes applied, authority cited and related cases of a decision (same as GET /case-brief/{case}). The brief is a reading aid assembled from the decision; quote only its citation strings and rule_statement verbatim, and the decision text through get_erwaegung.`,
    path: caseParams,
    output: caseBriefResponse,
    run: (deps, args) => caseBriefOf(deps, args.case),
  }),
  tool({
    name: 'cite',
    title: 'Citation strings of a case reference',
    description: `Resolves a case reference (BGE 140 III 86, 6B_1234/2025, a decision id) with an optional pinpoint (same as GET /cite): exists, citation strings in de, fr and it, canonical URL with #e-N-M anchor and a verbatim rule_statement; a reference naming no decision gives exists: false and close_matches. ${QUOTABLE_CITATION} Never cite a reference with exists: false.`,
    query: citeQuery,
    output: citeResponse,
    run: (deps, args) => cite(deps, args.reference, args.pinpoint, args.language),
  }),
  tool({
    name: 'attest',
    title: "Check a draft's citations, quotations and statute references",
    description: `The closing check of a draft: call it with the finished text before handing it over (same as POST /attest). It checks every case citation, pinpoint, page, date, quotation and statute reference the draft makes and lists the issues to fix; fix them and attest again. It does not certify that no relevant authority is missing.`,
    body: attestBody,
    output: attestResponse,
    run: async (deps, args) =>
      attestDraft(deps.db, args.draft_text, summaryContextOf(deps), args.audit_grounding),
  }),
  tool({
    name: 'verify_claim',
    title: "Whether a decision's wording supports a claim",
    description: `An independent judge reads the decision (or the pinpointed Erwägung) and says whether it supports the claim: yes, partial, no, contradicts or unrelated (same as POST /verify-claim). supporting_excerpt and qualifying_excerpt are verbatim from the decision (dropped otherwise) and may be quoted; reasoning is the judge's explanation, not a quotation.`,
    body: verifyClaimBody,
    output: verifyClaimResponse,
    run: (deps, args, ctx) => verifyClaim(deps, args, ctx.log),
  }),
  tool({
    name: 'citations',
    title: 'What a decision cites and what cites it',
    description: `Outgoing and incoming citations of a decision with confidence and evidence, each direction paged on its own (same as GET /citations/{decision_id}). ${QUOTABLE_CITATION}`,
    path: graphDecisionParams,
    query: citationsQuery,
    output: citationsResponse,
    run: (deps, args) => citationsFor(deps, args.decision_id, args),
  }),
  tool({
    name: 'appeal_chain',
    title: 'Prior and subsequent instances of a decision',
    description: `The lower-court decisions a decision ruled on and the decisions that ruled on it (same as GET /appeal-chain/{decision_id}); instances outside the corpus are listed unresolved. ${QUOTABLE_CITATION}`,
    path: graphDecisionParams,
    query: appealChainQuery,
    output: appealChainResponse,
    run: (deps, args) => appealChainFor(deps, args.decision_id, args),
  }),
  tool({
    name: 'leading_cases',
    title: 'Most-cited decisions by topic or statute',
    description: `The leading decisions of a topic (query) or a statute provision (law_code, article), ranked by citations within that context (same as GET /leading-cases). ${QUOTABLE_CITATION}`,
    query: leadingCasesQuery,
    output: leadingCasesResponse,
    run: (deps, args) => leadingCasesFor(deps, args),
  }),
  tool({
    name: 'trends',
    title: 'Decisions per year by topic or statute',
    description:
      'Year-by-year decision counts for a topic query and/or a statute provision (same as GET /trends). Topic counts can be lower bounds.',
    query: trendsQuery,
    output: trendsResponse,
    run: (deps, args) => trendsFor(deps, args),
  }),
  tool({
    name: 'get_law',
    title: 'A federal or cantonal act, or one article, as of a date',
    description:
      'The wording of an act or one article as consolidated on as_of (default today) (same as GET /laws/{abbreviation} and /laws/{abbreviation}/{second}). The name may be an abbreviation in de/fr/it (OR, CO, ZGB, CC), an SR number or an alias; a cantonal act takes its canton as `second` (StG + ZH) or `canton`. Quote verbatim: the article text and heading, with the abbreviation, sr_number and consolidation_date.',
    path: lawPath,
    query: lawQuery,
    output: lawResponse,
    run: async (deps, args) => {
      const outcome = await lookupLaw(deps.db, {
        abbreviation: args.abbreviation,
        ...(args.second !== undefined ? { second: args.second } : {}),
        query: args,
        today: deps.today(),
      });
      if (outcome.kind === 'invalid') throw new RequestValidationError(outcome.details);
      if (outcome.kind === 'miss')
        throw new ApiError(404, outcome.body.code, outcome.body.detail, outcome.body);
      return outcome.body;
    },
  }),
  tool({
    name: 'search_laws',
    title: 'Search federal and cantonal statutes',
    description:
      'Full-text search over the current wording of every federal and cantonal act, with snippets (same as GET /laws/search); a query starting with an article reference ("Art. 60 OR") returns that article first. Snippets are for orientation: fetch the article with get_law before quoting it.',
    query: lawSearchQuery,
    output: lawSearchResponse,
    run: (deps, args) => searchLaws(deps.db, args, deps.settings.basePath),
  }),
  tool({
    name: 'amendment_ref',
    title: 'Official-gazette reference to its ELI address',
    description:
      'Resolves an official-gazette reference (AS/BBl/RO/RU/FF, year, page) to the document and its ELI address (same as GET /amendment-ref). Quote verbatim: citation and eli_url.',
    query: amendmentRefQuery,
    output: amendmentRefResponse,
    run: (deps, args) => amendmentRefOrNotFound(deps.db, args),
  }),
  tool({
    name: 'search_legislation',
    title: 'Search the legislation catalogue',
    description:
      'Federal and cantonal texts, in force and repealed, by title, abbreviation, systematic number or keyword (same as GET /legislation/search); with fetch_top_n_texts the top results carry their parsed text. Quote statute wording from get_law.',
    query: legislationSearchQuery,
    output: legislationSearchResponse,
    run: (deps, args) => searchLegislation(deps.db, args, deps.settings.basePath, deps.today()),
  }),
  tool({
    name: 'search_commentaries',
    title: 'Search scholarly commentary excerpts',
    description: `Full-text search over the paragraphs of the open-access commentaries (same as GET /commentaries/search); abbreviation restricts to one act (OR = CO = 220). ${QUOTABLE_SOURCES} Snippets are for orientation; records with sample: true are invented sample text.`,
    query: commentarySearchQuery,
    output: commentarySearchResponse,
    run: async (deps, args) => foundOrThrow(await searchCommentaries(deps, args)),
  }),
  tool({
    name: 'get_commentary',
    title: 'The commentaries of an act or one article',
    description: `The commentary of one article (every paragraph with its margin number) or the commentaries held on an act (same as GET /commentaries/{abbreviation}); OR, CO and the SR number 220 name the same act. ${QUOTABLE_SOURCES} A miss lists the commentaries held on the act.`,
    path: commentaryParams,
    query: commentaryQuery,
    output: commentaryResponse,
    run: async (deps, args) =>
      foundOrThrow(
        await lookupCommentaries(deps.db, {
          abbreviation: args.abbreviation,
          query: args,
          today: deps.today(),
          basePath: deps.settings.basePath,
        }),
      ),
  }),
  tool({
    name: 'search_materialien',
    title: 'Search preparatory materials (Federal Council messages, parliamentary changes)',
    description: `Full-text search over the passages of the Federal Council messages and the parliamentary changes (same as GET /materialien); law_code restricts to one act. ${QUOTABLE_SOURCES} Cite a passage with its BBl/FF citation and page.`,
    query: materialsSearchQuery,
    output: materialsSearchResponse,
    run: (deps, args) => searchMaterials(deps.db, args),
  }),
  tool({
    name: 'materialien',
    title: 'Legislative intent, arguments, design choices, rejected alternatives and parliamentary modifications of an act',
    description: `The passages of the materials of one federal act, or of one article (same as GET /materialien/{law_code}), grouped by what they say. Every item with paraphrase: false is a verbatim passage: ${QUOTABLE_SOURCES}`,
    path: materialsLawParams,
    query: materialsLawQuery,
    output: materialsLawResponse,
    run: (deps, args) => materialsForLaw(deps.db, args.law_code, args),
  }),
  tool({
    name: 'doctrine',
    title: 'Doctrine of a topic, statute reference or concept',
    description: `Statute text, authority-ranked leading decisions, a year-by-year timeline (first decision, leading decisions, changes of practice) and one commentary paragraph for a topic, a statute reference (Art. 41 OR, art. 41 CO) or a concept (same as GET /doctrine). Deterministic. Quote verbatim: statute.text, commentary.text with its citation, change.excerpt, and for every decision its citation strings and canonical_url.`,
    query: doctrineQuery,
    output: doctrineResponse,
    run: (deps, args) => doctrine(deps, args),
  }),
  tool({
    name: 'exam_question',
    title: 'An exam question from a real leading decision, with hidden analysis',
    description: `Picks the highest-ranked leading decision on the topic (not in exclude_ids) and builds an exam case from its facts, with a hidden analysis quoting the decisive Erwägungen and the Dispositiv (same as GET /exam-question). The passages of hidden_analysis are verbatim (checked) and quotable with their citation strings; a fact pattern with source model_rewrite is not a quotation. ${QUOTABLE_CITATION}`,
    query: examQuestionQuery,
    output: examQuestionResponse,
    run: async (deps, args, ctx) => {
      const model = deps.languageModel ?? null;
      if (model) await ctx.chargeLlmQuota?.();
      return examQuestion(deps, args, model);
    },
  }),
  tool({
    name: 'mock_decision',
    title: 'Research-only mock decision outline',
    description: `A research-only outline (research_only: true) for the facts given (same as POST /mock-decision): issues, the statutes applied (quoted verbatim), up to limit decisions with citation strings, an Erwägungen outline, a proposed Dispositiv and clarifying questions. Not a decision of any court. Quote only statute text, the «…» quotations of the outline and the citation strings. ${QUOTABLE_CITATION}`,
    body: mockDecisionBody,
    output: mockDecisionResponse,
    run: async (deps, args, ctx) => {
      const model = deps.languageModel ?? null;
      if (model) await ctx.chargeLlmQuota?.();
      return mockDecision(deps, args, model, 'body');
    },
  }),
];
