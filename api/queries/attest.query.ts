import type { AttestResponse } from '../../contracts/api/citation.schema.ts';
import {
  assessDraft,
  scanDraft,
  type ArticleCheck,
  type AttestCloseMatch,
  type AttestDecision,
  type AttestOutcome,
  type AttestSources,
} from '../../contracts/citation/attest.ts';
import { citationStrings } from '../../contracts/citation/citation-strings.ts';
import type { Database } from '../../infra/db/database.ts';
import { bgePages, closeMatchRows, decisionCores, resolveReferences } from './identifiers.query.ts';
import { asErwaegungTexts, citationFieldsOf, erwaegungNumbers, loadErwaegungen } from './structure.query.ts';
import type { SummaryContext } from './summaries.ts';

/**
 * Articles of the federal acts the statute tables hold, for the SR numbers asked. Null when the
 * statute read model is not available (then articles are not checked).
 */
async function heldArticles(
  db: Database,
  srNumbers: readonly string[],
): Promise<Map<string, Set<string>> | null> {
  if (srNumbers.length === 0) return new Map();
  try {
    const rows = await db
      .selectFrom('statute_articles')
      .select(['sr_number', 'article_num'])
      .distinct()
      .where('jurisdiction', '=', 'CH')
      .where('is_latest', '=', true)
      .where('sr_number', 'in', [...new Set(srNumbers)])
      .execute();
    const out = new Map<string, Set<string>>();
    for (const r of rows) {
      const set = out.get(r.sr_number) ?? new Set<string>();
      set.add(r.article_num.toLowerCase());
      out.set(r.sr_number, set);
    }
    return out;
  } catch {
    // The statute read model is optional for /attest: without it, acts are checked by name only.
    return null;
  }
}

/** Runs every check of `/attest` over a draft: scan, batched look-ups, assessment. */
export async function attestDraft(
  db: Database,
  draft: string,
  ctx: SummaryContext,
  auditGrounding: boolean,
): Promise<AttestResponse> {
  const scan = scanDraft(draft);
  const resolved = await resolveReferences(db, scan.references);
  const closeByIndex = new Map<number, Awaited<ReturnType<typeof closeMatchRows>>>();
  await Promise.all(
    scan.references.map(async (ref, i) => {
      if (ref && (resolved[i]?.length ?? 0) === 0) closeByIndex.set(i, await closeMatchRows(db, ref));
    }),
  );
  const ids = new Set<string>();
  resolved.forEach((r) => r?.[0] && ids.add(r[0]));
  for (const rows of closeByIndex.values()) for (const c of rows) ids.add(c.row.decision_id);

  const [cores, numbers, pages] = await Promise.all([
    decisionCores(db, [...ids]),
    erwaegungNumbers(db, [...ids]),
    bgePages(db, [...ids]),
  ]);
  const decisions = new Map<string, AttestDecision>();
  for (const [id, core] of cores) {
    decisions.set(id, {
      decision_id: id,
      court: core.court,
      docket_number: core.docket_number,
      decision_date: core.decision_date,
      erwaegungen: numbers.has(id) ? numbers.get(id)! : null,
      pages: pages.get(id) ?? null,
    });
  }
  const outcomes = new Map<number, AttestOutcome>();
  scan.references.forEach((ref, i) => {
    if (!ref) return;
    const id = resolved[i]?.[0] ?? null;
    const closeMatches: AttestCloseMatch[] = (closeByIndex.get(i) ?? [])
      .map((c) => ({ decision: decisions.get(c.row.decision_id)!, reason: c.reason }))
      .filter((c) => c.decision !== undefined);
    outcomes.set(i, { decisionId: id && decisions.has(id) ? id : null, closeMatches });
  });

  // Texts are read only for decisions that quotations are checked against.
  const quoted = new Set<string>();
  scan.quoteOwners.forEach((owner) => {
    const id = owner === null ? null : (outcomes.get(owner)?.decisionId ?? null);
    if (id) quoted.add(id);
    if (owner === null) for (const o of outcomes.values()) if (o.decisionId) quoted.add(o.decisionId);
  });
  if (auditGrounding) for (const o of outcomes.values()) if (o.decisionId) quoted.add(o.decisionId);
  const sources = new Map<string, AttestSources>();
  if (quoted.size > 0) {
    const [texts, erwaegungen] = await Promise.all([
      db
        .selectFrom('decisions')
        .select(['decision_id', 'full_text'])
        .where('decision_id', 'in', [...quoted])
        .execute(),
      loadErwaegungen(db, [...quoted]),
    ]);
    for (const t of texts) {
      sources.set(t.decision_id, {
        fullText: t.full_text,
        erwaegungen: asErwaegungTexts(erwaegungen.get(t.decision_id) ?? []),
      });
    }
  }

  const srNumbers = scan.matches.map((m) => m.statute?.sr).filter((s): s is string => !!s);
  const held = await heldArticles(db, srNumbers);
  const article = (sr: string, num: string): ArticleCheck => {
    const set = held?.get(sr);
    if (!set) return 'unknown';
    return set.has(num.toLowerCase()) ? 'exists' : 'missing';
  };

  return assessDraft(
    draft,
    scan,
    {
      outcomes,
      decisions,
      sources,
      cite: (d, language, pinpoint) => {
        const strings = citationStrings(d, ctx.today, pinpoint);
        return {
          de: strings.citation_string_de,
          fr: strings.citation_string_fr,
          it: strings.citation_string_it,
        }[language];
      },
      canonicalUrl: (d, pinpoint) => citationFieldsOf(d, ctx, pinpoint).canonical_url,
      article,
      today: ctx.today,
    },
    { auditGrounding },
  );
}
