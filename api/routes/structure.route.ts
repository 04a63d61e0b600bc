import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, validationErrorBody } from '../../contracts/api/params.ts';
import {
  caseBriefResponse,
  caseParams,
  decisionRefParams,
  erwaegungNumber,
  erwaegungParams,
  erwaegungResponse,
  regesteResponse,
  structureQuery,
  structureResponse,
} from '../../contracts/api/structure.schema.ts';
import {
  composeErwaegung,
  normaliseErwaegungNumber,
  pinpointExists,
} from '../../contracts/structure/erwaegung-numbers.ts';
import type { ApiDeps } from '../api-deps.ts';
import { notFound } from '../errors.ts';
import { caseBrief } from '../queries/case-brief.query.ts';
import { findByReference, type FoundDecision } from '../queries/identifiers.query.ts';
import {
  asErwaegungTexts,
  cutAtWord,
  decisionHeadOf,
  loadErwaegungen,
  loadStructure,
  pinpointRuleText,
  ruleStatementOf,
} from '../queries/structure.query.ts';
import type { SummaryContext } from '../queries/summaries.ts';

/** `(E. 3)`, `(E. 4.1 und 4.2)`, `(consid. 5)`, `(consid. 2 e 3)` inside a head-note. */
const REGESTE_REF = /\((?:E\.|Erw\.|consid\.|cons\.|c\.)\s*([^()]{1,60})\)/g;

function regesteRefs(texts: readonly (string | null)[]): string[] {
  const out: string[] = [];
  for (const text of texts) {
    for (const m of (text ?? '').matchAll(REGESTE_REF)) {
      for (const part of m[1]!.split(/\s*(?:,|;|\bund\b|\bet\b|\be\b|\bsowie\b)\s*/)) {
        const n = normaliseErwaegungNumber(part.replace(/\s*(?:ff?\.|ss?\.?|segg?\.)$/, ''));
        if (n && !out.includes(n)) out.push(n);
      }
    }
  }
  return out;
}

/** Hidden twin of a route whose decision reference may carry an unencoded slash (`6B_1234/2025`). */
const headTail = { docket_head: z.string().min(1).max(200), docket_tail: z.string().min(1).max(100) };

export const structureRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = (): SummaryContext => ({ publicBaseUrl: deps.settings.publicBaseUrl, today: deps.today() });
    const find = async (reference: string): Promise<FoundDecision> => {
      const found = await findByReference(deps.db, reference);
      if (!found) throw notFound(`No decision with id, docket number or reference '${reference}'`);
      return found;
    };

    const erwaegung = async (reference: string, eNumber: string) => {
      const { decision } = await find(reference);
      const number = normaliseErwaegungNumber(eNumber)!;
      const rows = (await loadErwaegungen(deps.db, [decision.decision_id])).get(decision.decision_id) ?? [];
      const composed = composeErwaegung(asErwaegungTexts(rows), number);
      if (!composed) {
        const available = rows.filter((e) => e.depth === 1).map((e) => e.number);
        throw notFound(
          rows.length === 0
            ? `No numbered Erwägungen were recognised in ${decision.decision_id}`
            : `${decision.decision_id} has no Erwägung ${number}; top-level Erwägungen: ${available.join(', ')}`,
        );
      }
      const first = rows.find((e) => e.number === composed.parts[0]);
      return {
        ...decisionHeadOf(
          decision,
          ctx(),
          ruleStatementOf(decision, undefined, [], pinpointRuleText(rows, number)),
          number,
        ),
        e_number: number,
        text: composed.text,
        composed: !composed.own,
        parts: [...composed.parts],
        parent: composed.own ? (first?.parent ?? null) : null,
        page: first?.page ?? null,
      };
    };

    r.get(
      '/erwaegung/:decision_id/:e_number',
      {
        schema: {
          tags: ['Decision structure'],
          summary: 'Exact wording of one numbered Erwägung',
          description:
            'A number whose paragraph exists only through its children (4 where only 4.1 and 4.2 exist) returns the children composed.',
          params: erwaegungParams,
          response: { 200: erwaegungResponse, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request) => erwaegung(request.params.decision_id, request.params.e_number),
    );
    r.get(
      '/erwaegung/:docket_head/:docket_tail/:e_number',
      { schema: { hide: true, params: z.object({ ...headTail, e_number: erwaegungNumber }) } },
      async (request) =>
        erwaegung(`${request.params.docket_head}/${request.params.docket_tail}`, request.params.e_number),
    );

    const regeste = async (reference: string) => {
      const { decision } = await find(reference);
      const structure = await loadStructure(deps.db, decision.decision_id);
      const rows = (await loadErwaegungen(deps.db, [decision.decision_id])).get(decision.decision_id) ?? [];
      const text = structure?.regeste ?? decision.regeste;
      const numbers = rows.map((e) => e.number);
      const refs = regesteRefs([
        text,
        structure?.regeste_de ?? null,
        structure?.regeste_fr ?? null,
        structure?.regeste_it ?? null,
      ]);
      const base = deps.settings.publicBaseUrl.replace(/\/+$/, '');
      return {
        ...decisionHeadOf(decision, ctx(), ruleStatementOf(decision, structure, rows)),
        regeste: text,
        regeste_de: structure?.regeste_de ?? null,
        regeste_fr: structure?.regeste_fr ?? null,
        regeste_it: structure?.regeste_it ?? null,
        erwaegung_refs: refs.map((n) => {
          const exists = pinpointExists(numbers, n);
          return {
            number: n,
            exists,
            url: exists ? `${base}/erwaegung/${encodeURIComponent(decision.decision_id)}/${n}` : null,
          };
        }),
      };
    };

    r.get(
      '/regeste/:decision_id',
      {
        schema: {
          tags: ['Decision structure'],
          summary: "The court's own head-note",
          description:
            "Accepts a decision id, BGE reference or docket number. '(E. x.y)' references inside point to paragraphs retrievable with /erwaegung.",
          params: decisionRefParams,
          response: { 200: regesteResponse, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request) => regeste(request.params.decision_id),
    );
    r.get(
      '/regeste/:docket_head/:docket_tail',
      { schema: { hide: true, params: z.object(headTail) } },
      async (request) => regeste(`${request.params.docket_head}/${request.params.docket_tail}`),
    );

    const structure = async (reference: string, excerptChars: number) => {
      const { decision } = await find(reference);
      const s = await loadStructure(deps.db, decision.decision_id);
      const rows = (await loadErwaegungen(deps.db, [decision.decision_id])).get(decision.decision_id) ?? [];
      return {
        ...decisionHeadOf(decision, ctx(), ruleStatementOf(decision, s, rows)),
        regeste: s?.regeste ?? decision.regeste,
        sachverhalt: s?.facts ?? null,
        erwaegungen: rows.map((e) => {
          const { excerpt, truncated } = cutAtWord(e.text, excerptChars);
          return {
            number: e.number,
            label: e.label,
            parent: e.parent,
            depth: e.depth,
            page: e.page,
            excerpt,
            chars: e.text.length,
            truncated,
          };
        }),
        dispositiv: s?.operative ?? null,
        paragraph_excerpt_chars: excerptChars,
        sections_found: {
          facts: s?.facts_source ?? 'none',
          considerations: s?.considerations_source ?? 'none',
          operative: s?.operative_source ?? 'none',
        },
        structured:
          s !== undefined &&
          s !== null &&
          [s.facts_source, s.considerations_source, s.operative_source].some((source) => source !== 'none'),
      };
    };

    r.get(
      '/structure/:decision_id',
      {
        schema: {
          tags: ['Decision structure'],
          summary: 'Sachverhalt, Erwägungen, Dispositiv and Regeste as separate fields',
          params: decisionRefParams,
          querystring: structureQuery,
          response: { 200: structureResponse, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request) => structure(request.params.decision_id, request.query.paragraph_excerpt_chars),
    );
    r.get(
      '/structure/:docket_head/:docket_tail',
      { schema: { hide: true, params: z.object(headTail), querystring: structureQuery } },
      async (request) =>
        structure(
          `${request.params.docket_head}/${request.params.docket_tail}`,
          request.query.paragraph_excerpt_chars,
        ),
    );

    r.get(
      '/case-brief/:case',
      {
        schema: {
          tags: ['Decision structure'],
          summary: 'Brief: facts, reasoning, statutes, authority, related cases',
          params: caseParams,
          response: { 200: caseBriefResponse, 404: errorBody, 422: validationErrorBody },
        },
      },
      async (request) => caseBrief(deps.db, await find(request.params.case), ctx()),
    );
    r.get(
      '/case-brief/:docket_head/:docket_tail',
      { schema: { hide: true, params: z.object(headTail) } },
      async (request) =>
        caseBrief(deps.db, await find(`${request.params.docket_head}/${request.params.docket_tail}`), ctx()),
    );
  };
