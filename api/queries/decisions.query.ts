import { ruleStatement } from '../../contracts/citation/rule-statement.ts';
import { docketLookupKeys } from '../../contracts/search/reference-keys.ts';
import type { DecisionDetail, DecisionQuery, DecisionVersion } from '../../contracts/api/decisions.schema.ts';
import type { NormalisedDecision } from '../../contracts/events/index.ts';
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
  version?: number,
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
  const history = await db
    .selectFrom('decision_versions')
    .select(['version', 'seen_at', 'changed', 'content_hash', 'source', 'record'])
    .where('decision_id', '=', row.decision_id)
    .orderBy('version')
    .execute();
  const versions: DecisionVersion[] = history.map((v) => ({
    version: v.version,
    seen_at: v.seen_at,
    changed: Array.isArray(v.changed) ? (v.changed as string[]) : [],
    content_hash: v.content_hash,
    source: v.source,
  }));
  const served = version ?? row.version;
  // The content of the version asked for; the identity (id, citation strings, URL) stays the
  // decision's current one, so that citations copied from any version agree.
  let content: Omit<NormalisedDecision, 'provenance' | 'canton' | 'language'> & {
    canton: string;
    language: string;
    provenance: DecisionDetail['provenance'];
  };
  if (served === row.version) {
    content = {
      ...row,
      provenance: {
        source: row.source,
        source_item_id: row.source_item_id,
        scraped_at: row.scraped_at,
        content_hash: row.content_hash,
        version: row.version,
      },
    };
  } else {
    const held = history.find((v) => v.version === served);
    if (!held) {
      throw notFound(
        `No version ${served} of decision '${row.decision_id}'; it has version${row.version === 1 ? ' 1' : `s 1 to ${row.version}`}`,
      );
    }
    if (!held.record) {
      throw notFound(
        `Version ${served} of decision '${row.decision_id}' was recorded without its content; rebuild the decisions read model to keep every version`,
      );
    }
    const record = held.record as NormalisedDecision;
    content = { ...record, provenance: { ...record.provenance, version: served } };
  }
  const summary = toSummary(
    {
      ...row,
      title: content.title,
      regeste: content.regeste,
      chamber: content.chamber,
      decision_type: content.decision_type,
      rule_statement: ruleStatement({
        regeste: content.regeste,
        fullText: content.full_text,
        language: content.language,
      }),
    },
    ctx,
  );
  return {
    ...summary,
    regeste: content.regeste,
    rule_statement: summary.rule_statement ?? '',
    chamber: content.chamber,
    decision_type: content.decision_type,
    publication_date: content.publication_date,
    ...(includeFullText ? { full_text: content.full_text } : {}),
    source_url: content.source_url,
    provenance: content.provenance,
    ...(others.length > 0 ? { other_matches: others } : {}),
    version: served,
    versions,
    withdrawn: row.withdrawn_at !== null,
    withdrawn_at: row.withdrawn_at,
    withdrawal_reason: row.withdrawal_reason,
  };
}

function rank(court: string): number {
  const i = FEDERAL_FIRST.indexOf(court);
  return i < 0 ? FEDERAL_FIRST.length : i;
}

/**
 * `/decisions/{decision_id}`: the decision by id or docket number (its newest version, or
 * `version`); 404 when there is none or it has no such version.
 */
export async function decisionOrNotFound(
  deps: ApiDeps,
  idOrDocket: string,
  query: DecisionQuery,
): Promise<DecisionDetail> {
  const found = await findDecision(
    deps.db,
    idOrDocket,
    summaryContextOf(deps),
    query.full_text,
    query.version,
  );
  if (!found) throw notFound(`No decision with id or docket number '${idOrDocket}'`);
  return found;
}
