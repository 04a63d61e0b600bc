import { ruleStatement } from '../../contracts/citation/rule-statement.ts';
import { docketLookupKeys } from '../../contracts/search/reference-keys.ts';
import type { DecisionDetail } from '../../contracts/api/decisions.schema.ts';
import type { Database } from '../../infra/db/database.ts';
import type { ApiDeps } from '../api-deps.ts';
import { notFound } from '../errors.ts';
import { findByReference } from './identifiers.query.ts';
import { type SummaryContext, summaryContextOf, toSummary } from './summaries.ts';

const FEDERAL_FIRST = ['bge', 'bger', 'bvger', 'bstger', 'bpatger', 'mkg'];

/**
 * Finds a decision by canonical id, else by docket number in any written form (with spaces,
 * ATF/DTF for BGE, inside decorated text), else by any reference the identifier table knows
 * (BVGE number, MKGE in French or Italian). Exact key equality only: a prefix never matches.
 */
export async function findDecision(
  db: Database,
  idOrDocket: string,
  ctx: SummaryContext,
  includeFullText: boolean,
): Promise<DecisionDetail | null> {
  let row = await db
    .selectFrom('decisions')
    .selectAll()
    .where('decision_id', '=', idOrDocket)
    .executeTakeFirst();
  let others: string[] = [];
  if (!row) {
    const keys = docketLookupKeys(idOrDocket);
    if (keys.length === 0) return null;
    const candidates = await db
      .selectFrom('decisions')
      .selectAll()
      .where('docket_key', 'in', keys)
      .limit(20)
      .execute();
    candidates.sort((a, b) => rank(a.court) - rank(b.court) || a.decision_id.localeCompare(b.decision_id));
    row = candidates[0];
    others = candidates.slice(1).map((c) => c.decision_id);
  }
  if (!row) {
    // Any other reference form the identifier table knows (BVGE number, origin docket of a BGE, …).
    const found = await findByReference(db, idOrDocket);
    if (found) {
      row = await db
        .selectFrom('decisions')
        .selectAll()
        .where('decision_id', '=', found.decision.decision_id)
        .executeTakeFirst();
      others = [...found.others];
    }
  }
  if (!row) return null;
  const summary = toSummary(
    {
      ...row,
      rule_statement: ruleStatement({
        regeste: row.regeste,
        fullText: row.full_text,
        language: row.language,
      }),
    },
    ctx,
  );
  return {
    ...summary,
    regeste: row.regeste,
    rule_statement: summary.rule_statement ?? '',
    chamber: row.chamber,
    decision_type: row.decision_type,
    publication_date: row.publication_date,
    ...(includeFullText ? { full_text: row.full_text } : {}),
    source_url: row.source_url,
    provenance: {
      source: row.source,
      source_item_id: row.source_item_id,
      scraped_at: row.scraped_at,
      content_hash: row.content_hash,
      version: row.version,
    },
    ...(others.length > 0 ? { other_matches: others } : {}),
  };
}

function rank(court: string): number {
  const i = FEDERAL_FIRST.indexOf(court);
  return i < 0 ? FEDERAL_FIRST.length : i;
}

/** `/decisions/{decision_id}`: the decision by id or docket number; 404 when there is none. */
export async function decisionOrNotFound(
  deps: ApiDeps,
  idOrDocket: string,
  fullText: boolean,
): Promise<DecisionDetail> {
  const found = await findDecision(deps.db, idOrDocket, summaryContextOf(deps), fullText);
  if (!found) throw notFound(`No decision with id or docket number '${idOrDocket}'`);
  return found;
}
