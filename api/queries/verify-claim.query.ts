import type { VerifyClaimResponse } from '../../contracts/api/citation.schema.ts';
import { rankSentences } from '../../contracts/citation/lexical-match.ts';
import { isVerbatimExcerpt } from '../../contracts/citation/quotations.ts';
import { composeErwaegung, normaliseErwaegungNumber } from '../../contracts/structure/erwaegung-numbers.ts';
import { ClaimJudgeUnavailableError } from '../../infra/llm/claim-judge.port.ts';
import { lexicalClaimJudge } from '../../infra/llm/lexical-claim-judge.ts';
import type { ApiDeps } from '../api-deps.ts';
import { ApiError, notFound } from '../errors.ts';
import { findByReference } from './identifiers.query.ts';
import { asErwaegungTexts, citationFieldsOf, loadErwaegungen, loadStructure } from './structure.query.ts';
import type { SummaryContext } from './summaries.ts';

/** Characters of decision text a judge reads at most (the passages closest to the claim first). */
const JUDGE_TEXT_CHARS = 60_000;

/** The passages a judge reads: the pinpointed Erwägung, else the Regeste and the Erwägungen closest to the claim. */
function judgeText(
  claim: string,
  regeste: string | null,
  paragraphs: readonly string[],
  fullText: string,
): string {
  const all = [regeste ?? '', ...paragraphs].filter((p) => p.length > 0);
  if (all.length <= 1) return fullText.slice(0, JUDGE_TEXT_CHARS);
  const joined = all.join('\n\n');
  if (joined.length <= JUDGE_TEXT_CHARS) return joined;
  const scored = all.map((p, i) => ({ i, p, score: rankSentences(claim, p)[0]?.coverage ?? 0 }));
  const chosen = new Set<number>();
  let size = 0;
  for (const s of [...scored].sort((a, b) => b.score - a.score || a.i - b.i)) {
    if (size + s.p.length > JUDGE_TEXT_CHARS) continue;
    chosen.add(s.i);
    size += s.p.length + 2;
  }
  return all.filter((_, i) => chosen.has(i)).join('\n\n');
}

/** `/verify-claim`: the judge's verdict on a claim against a decision's verbatim text, excerpts checked. */
export async function verifyClaim(
  deps: ApiDeps,
  body: { claim: string; decision_id: string; pinpoint?: string | null | undefined },
  log: { warn(obj: object, msg: string): void },
): Promise<VerifyClaimResponse> {
  const ctx: SummaryContext = { publicBaseUrl: deps.settings.publicBaseUrl, today: deps.today() };
  const found = await findByReference(deps.db, body.decision_id);
  if (!found) throw notFound(`No decision with id, docket number or reference '${body.decision_id}'`);
  const d = found.decision;
  const pinpoint = body.pinpoint ? normaliseErwaegungNumber(body.pinpoint) : null;
  const [structure, rows, full] = await Promise.all([
    loadStructure(deps.db, d.decision_id),
    loadErwaegungen(deps.db, [d.decision_id]).then((m) => m.get(d.decision_id) ?? []),
    deps.db
      .selectFrom('decisions')
      .select('full_text')
      .where('decision_id', '=', d.decision_id)
      .executeTakeFirstOrThrow(),
  ]);
  let text: string;
  if (pinpoint) {
    const composed = composeErwaegung(asErwaegungTexts(rows), pinpoint);
    if (!composed) throw notFound(`${d.decision_id} has no Erwägung ${pinpoint}`);
    text = composed.text;
  } else {
    text = judgeText(
      body.claim,
      structure?.regeste ?? d.regeste,
      rows.map((r) => `${r.label} ${r.text}`),
      full.full_text,
    );
  }
  const fields = citationFieldsOf(d, ctx, pinpoint);
  const judge = deps.claimJudge ?? lexicalClaimJudge;
  let verdict;
  try {
    verdict = await judge.judge({
      claim: body.claim,
      citation: fields.citation_string_de,
      pinpoint,
      language: d.language,
      text,
    });
  } catch (error) {
    if (error instanceof ClaimJudgeUnavailableError) {
      log.warn({ judge: judge.name, reason: error.message }, 'claim judge unavailable');
      throw new ApiError(
        503,
        'API_JUDGE_UNAVAILABLE',
        `${error.message} No verdict was made; please retry later.`,
      );
    }
    throw error;
  }
  const dropped: string[] = [];
  const keep = (name: string, excerpt: string | null): string | null => {
    if (excerpt === null || excerpt.trim() === '') return null;
    if (isVerbatimExcerpt(excerpt, full.full_text) || isVerbatimExcerpt(excerpt, structure?.regeste ?? ''))
      return excerpt.trim();
    dropped.push(name);
    return null;
  };
  return {
    decision_id: d.decision_id,
    pinpoint,
    supports: verdict.supports,
    confidence: verdict.confidence,
    supporting_excerpt: keep('supporting_excerpt', verdict.supporting_excerpt),
    qualifying_excerpt: keep('qualifying_excerpt', verdict.qualifying_excerpt),
    reasoning: verdict.reasoning,
    judge: judge.name,
    excerpts_dropped: dropped,
    citation_string_de: fields.citation_string_de,
    citation_string_fr: fields.citation_string_fr,
    citation_string_it: fields.citation_string_it,
    canonical_url: fields.canonical_url,
  };
}
