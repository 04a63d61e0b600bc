import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attestBody,
  attestResponse,
  citeQuery,
  citeResponse,
  verifyClaimBody,
  verifyClaimResponse,
  type CiteResponse,
  type CloseMatch,
} from '../../contracts/api/citation.schema.ts';
import { errorBody, validationErrorBody } from '../../contracts/api/params.ts';
import { citationStrings, pinpointSuffix } from '../../contracts/citation/citation-strings.ts';
import {
  isRegisteredCourt,
  parseReference,
  pageWithin,
  type ParsedReference,
} from '../../contracts/citation/decision-identifiers.ts';
import { normaliseErwaegungNumber, pinpointExists } from '../../contracts/structure/erwaegung-numbers.ts';
import type { ApiDeps } from '../api-deps.ts';
import { ApiError } from '../errors.ts';
import { attestDraft } from '../queries/attest.query.ts';
import {
  bgePages,
  closeMatchRows,
  decisionCores,
  resolveReferences,
  type DecisionCore,
} from '../queries/identifiers.query.ts';
import {
  citationFieldsOf,
  erwaegungNumbers,
  loadErwaegungen,
  loadStructure,
  pinpointRuleText,
  ruleStatementOf,
} from '../queries/structure.query.ts';
import type { SummaryContext } from '../queries/summaries.ts';
import { verifyClaim } from '../queries/verify-claim.query.ts';

type Lang = 'de' | 'fr' | 'it';

/** Citation strings of a reference that names no decision: built from the reference itself. */
function missStrings(ref: ParsedReference | null, text: string, pinpoint: string | null, today: string) {
  if (ref && isRegisteredCourt(ref.court)) {
    return citationStrings(
      { decision_id: '', court: ref.court, docket_number: ref.displayKey, decision_date: ref.statedDate },
      today,
      pinpoint,
    );
  }
  const base = ref?.displayKey ?? text.trim();
  return {
    citation_string_de: base + pinpointSuffix(pinpoint, 'de'),
    citation_string_fr: base + pinpointSuffix(pinpoint, 'fr'),
    citation_string_it: base + pinpointSuffix(pinpoint, 'it'),
  };
}

function closeMatchOf(
  core: DecisionCore,
  reason: CloseMatch['reason'],
  ref: ParsedReference,
  ctx: SummaryContext,
  pages?: { start: number; end: number },
): CloseMatch {
  const fields = citationFieldsOf(core, ctx);
  const note =
    reason === 'page_range'
      ? `Page ${ref.bge?.page} lies within ${fields.citation_string_de}${pages ? ` (pages ${pages.start}–${pages.end})` : ''}; cite it as ${fields.citation_string_de} S. ${ref.bge?.page}.`
      : `Same register and year as ${ref.displayKey}, a typo away.`;
  return {
    decision_id: core.decision_id,
    court: core.court,
    decision_date: core.decision_date,
    docket_number: core.docket_number,
    title: core.title,
    citation_string_de: fields.citation_string_de,
    citation_string_fr: fields.citation_string_fr,
    citation_string_it: fields.citation_string_it,
    canonical_url: fields.canonical_url,
    reason,
    note,
  };
}

async function cite(
  deps: ApiDeps,
  reference: string,
  pinpointParam: string | undefined,
  language: Lang,
): Promise<CiteResponse> {
  const ctx: SummaryContext = { publicBaseUrl: deps.settings.publicBaseUrl, today: deps.today() };
  const ref = parseReference(reference);
  const pinpoint =
    (pinpointParam ? normaliseErwaegungNumber(pinpointParam) : null) ?? ref?.pinpoints[0] ?? null;
  const ids = ref ? ((await resolveReferences(deps.db, [ref]))[0] ?? []) : [];
  const id = ids[0];
  const core = id ? (await decisionCores(deps.db, [id])).get(id) : undefined;
  if (!core || !ref) {
    const close = ref ? await closeMatchRows(deps.db, ref) : [];
    const cores = await decisionCores(
      deps.db,
      close.map((c) => c.row.decision_id),
    );
    const pages = await bgePages(
      deps.db,
      close.map((c) => c.row.decision_id),
    );
    const strings = missStrings(ref, reference, pinpoint, ctx.today);
    return {
      reference,
      exists: false,
      decision_id: null,
      court: ref?.court ?? null,
      decision_date: null,
      language: null,
      title: null,
      docket_number: null,
      pinpoint,
      pinpoint_exists: null,
      page_pinpoint: ref?.pagePinpoint ?? null,
      page_pinpoint_exists: null,
      citation_string: strings[`citation_string_${language}`],
      ...strings,
      canonical_url: null,
      rule_statement: null,
      close_matches: close
        .map((c) => {
          const m = cores.get(c.row.decision_id);
          return m ? closeMatchOf(m, c.reason, ref!, ctx, pages.get(m.decision_id)) : null;
        })
        .filter((c): c is CloseMatch => c !== null),
      other_matches: [],
      notice: ref
        ? `No decision '${ref.displayKey}' in the corpus.`
        : 'The reference could not be read as a decision id, docket number or case citation.',
    };
  }
  const [numbers, structure, rows, pages] = await Promise.all([
    erwaegungNumbers(deps.db, [core.decision_id]),
    loadStructure(deps.db, core.decision_id),
    loadErwaegungen(deps.db, [core.decision_id]).then((m) => m.get(core.decision_id) ?? []),
    bgePages(deps.db, [core.decision_id]),
  ]);
  const known = numbers.get(core.decision_id);
  const pinpointOk =
    pinpoint === null ? null : known === undefined || known === null ? null : pinpointExists(known, pinpoint);
  const usedPin = pinpoint !== null && pinpointOk !== false ? pinpoint : null;
  const pinText = usedPin ? pinpointRuleText(rows, usedPin) : null;
  const range = pages.get(core.decision_id);
  const page = ref.pagePinpoint;
  const fields = citationFieldsOf(core, ctx, usedPin);
  return {
    reference,
    exists: true,
    decision_id: core.decision_id,
    court: core.court,
    decision_date: core.decision_date,
    language: core.language,
    title: core.title,
    docket_number: core.docket_number,
    pinpoint,
    pinpoint_exists: pinpointOk,
    page_pinpoint: page,
    page_pinpoint_exists:
      page === null
        ? null
        : range
          ? pageWithin({ page_start: range.start, page_end: range.end }, page)
          : null,
    citation_string: fields[`citation_string_${language}`],
    ...fields,
    rule_statement: ruleStatementOf(core, structure, rows, pinText),
    close_matches: [],
    other_matches: ids.slice(1),
    ...(pinpointOk === false
      ? {
          notice: `${fields.citation_string_de} has no Erwägung ${pinpoint}; the citation strings leave the pinpoint out.`,
        }
      : {}),
  };
}

export const citationRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/cite',
      {
        schema: {
          tags: ['Citation integrity'],
          summary: 'Citation strings, canonical URL and rule statement of a case reference',
          description:
            'All three citation strings are always returned. A reference that names no decision gives exists: false and close_matches (the BGE whose pages hold a cited inner page; dockets of the same register and year a typo away).',
          querystring: citeQuery,
          response: { 200: citeResponse, 422: validationErrorBody },
        },
      },
      async (request) => cite(deps, request.query.reference, request.query.pinpoint, request.query.language),
    );
    r.post(
      '/attest',
      {
        schema: {
          tags: ['Citation integrity'],
          summary: "Checks a draft's case citations, pinpoints, dates, quotations and statute references",
          description:
            'Certifies only the references the draft makes; it does not certify that no relevant authority is missing. Case citations of the kinds BGE, BGer, BVGer, BVGE, BStGer, BPatGer, MKGE, ATF, TF, TAF, ATAF, TPF, TFB, ATMC, STMC and cantonal courts are checked.',
          body: attestBody,
          response: { 200: attestResponse, 422: validationErrorBody },
        },
      },
      async (request) =>
        attestDraft(
          deps.db,
          request.body.draft_text,
          { publicBaseUrl: deps.settings.publicBaseUrl, today: deps.today() },
          request.body.audit_grounding,
        ),
    );
    r.post(
      '/verify-claim',
      {
        schema: {
          tags: ['Citation integrity'],
          summary: "Whether a decision's verbatim text supports a claim",
          description:
            'An independent language-model judge (the deterministic lexical judge when none is configured; `judge` says which answered). Excerpts are checked to be verbatim in the decision and dropped otherwise. When the language model fails or times out the answer is 503, never a guessed verdict.',
          body: verifyClaimBody,
          response: { 200: verifyClaimResponse, 404: errorBody, 422: validationErrorBody, 503: errorBody },
        },
      },
      async (request, reply) => {
        try {
          return await verifyClaim(deps, request.body, request.log);
        } catch (error) {
          if (error instanceof ApiError && error.statusCode === 503) reply.header('retry-after', '30');
          throw error;
        }
      },
    );
  };
