import { isCaseCitation, findCitations } from '../../contracts/citation/grammar/find-citations.ts';
import { parseReference } from '../../contracts/citation/decision-identifiers.ts';
import type { QueryNode, ReferenceNode } from '../../contracts/search/query-ast.ts';
import { parseQuery } from '../../contracts/search/query-parser.ts';
import { docketLookupKeys } from '../../contracts/search/reference-keys.ts';
import type { Database } from '../../infra/db/database.ts';
import { closeMatchRows, resolveReferences } from './identifiers.query.ts';

/** Longest search text read as one reference (a citation string with court and date fits). */
const MAX_REFERENCE_TEXT = 300;
/** Decisions one reference may name (the same docket at several courts). */
const MAX_NAMED = 20;

const normalised = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Query syntax that makes a text a query rather than a reference. */
function hasQuerySyntax(text: string): boolean {
  return (
    /["„“”«»()*]/.test(text) || /(?:^|\s)(?:AND|OR|NOT)(?:\s|$)/.test(text) || /(?:^|\s)[-+]\S/.test(text)
  );
}

/** The decision as reference operands: its id and its docket (BGE, BVGE or docket as the grammar reads it). */
function decisionOperands(decisionId: string, docketNumber: string): ReferenceNode[] {
  const parsed = parseQuery(docketNumber);
  const docket: ReferenceNode =
    parsed.ok && parsed.ast?.kind === 'reference' && parsed.ast.refKind !== 'statute'
      ? parsed.ast
      : {
          kind: 'reference',
          refKind: 'docket',
          display: docketNumber.trim().replace(/\s+/g, ' '),
          key: docketNumber.trim().replace(/\s+/g, ' '),
        };
  const id: ReferenceNode = {
    kind: 'reference',
    refKind: 'decision_id',
    display: decisionId,
    key: decisionId,
  };
  return [id, docket];
}

/** Whether one case citation covers the whole text (court name, docket, date: `BVGer B-2864/2007 vom 24. Februar 2007`). */
function isWholeCitation(text: string): boolean {
  const matches = findCitations(text).filter(isCaseCitation);
  if (matches.length !== 1) return false;
  const { start, end } = matches[0]!.span;
  const outside = text.slice(0, start) + text.slice(end);
  return /^[\s.,;:]*$/.test(outside);
}

/**
 * Whether a search text may, as a whole, name decisions ({@link wholeReferenceQuery}): one that is
 * short enough, holds a digit and no query syntax. Any other is searched as written without a look
 * at the corpus.
 */
export function mayNameDecisions(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length <= MAX_REFERENCE_TEXT && /\d/.test(trimmed) && !hasQuerySyntax(trimmed);
}

/**
 * A search text that, as a whole, names decisions of the corpus: a decision id in any case (the
 * decision alone), a docket as the court writes it (`ZK 96 226`, `CC 66 / 1998`, `ACJC/866/1995`),
 * or a citation string in any of its forms and languages (`Tribunal cantonal NE CCC.2000.156 du 8
 * février 2000`, `ATMC 12 n° 1`, an inner BGE page). It becomes a query for those decisions, which
 * rank first, and for the decisions citing them; null when the text is not such a reference (it is
 * then searched as written).
 */
export async function wholeReferenceQuery(db: Database, text: string): Promise<QueryNode | null> {
  if (!mayNameDecisions(text)) return null;
  const trimmed = text.trim();
  const parsed = parseQuery(trimmed);
  const single =
    parsed.ok && parsed.ast?.kind === 'reference' && parsed.ast.refKind !== 'statute' ? parsed.ast : null;

  // A decision id names the decision alone (its citations are not searched: rule 5 of the search
  // semantics); else a docket key names the decisions of that docket. One statement asks both: the
  // decisions by id first, then those by docket key in id order.
  const ids = [trimmed, ...(single?.refKind === 'decision_id' ? [single.key] : [])];
  const keys = docketLookupKeys(trimmed);
  const found = await db
    .selectFrom('decisions')
    .select(['decision_id', 'docket_number', (eb) => eb('decision_id', 'in', ids).as('by_id')])
    .where((eb) =>
      keys.length > 0
        ? eb.or([eb('decision_id', 'in', ids), eb('docket_key', 'in', keys)])
        : eb('decision_id', 'in', ids),
    )
    .orderBy('by_id', 'desc')
    .orderBy('decision_id')
    .limit(ids.length + MAX_NAMED)
    .execute();
  const byId = found.filter((r) => r.by_id);
  if (byId.length > 0) {
    const nodes: ReferenceNode[] = byId.map((r) => ({
      kind: 'reference',
      refKind: 'decision_id',
      display: r.decision_id,
      key: r.decision_id,
    }));
    return nodes.length === 1 ? nodes[0]! : { kind: 'or', children: nodes };
  }

  const named = new Map<string, string>();
  // the docket key is of the first reference in the text: it names the decision only when that
  // reference is the whole text, or the text is the docket as written
  for (const row of found.slice(0, MAX_NAMED)) {
    if (single !== null || normalised(row.docket_number) === normalised(trimmed))
      named.set(row.decision_id, row.docket_number);
  }

  const extra: QueryNode[] = [];
  if (named.size === 0 && isWholeCitation(trimmed)) {
    const ref = parseReference(trimmed);
    if (ref !== null) {
      let found = ((await resolveReferences(db, [ref]))[0] ?? []).slice(0, MAX_NAMED);
      if (found.length === 0 && ref.bge !== null) {
        // an inner page of a BGE (`BGE 121 II 46`): the BGE whose pages hold it, and its citations
        found = (await closeMatchRows(db, ref))
          .filter((c) => c.reason === 'page_range')
          .map((c) => c.row.decision_id);
        if (single !== null) extra.push(single);
      }
      if (found.length > 0) {
        for (const row of await db
          .selectFrom('decisions')
          .select(['decision_id', 'docket_number'])
          .where('decision_id', 'in', found)
          .execute()) {
          named.set(row.decision_id, row.docket_number);
        }
      }
    }
  }
  if (named.size === 0) return null;
  const children = [...[...named].flatMap(([id, docket]) => decisionOperands(id, docket)), ...extra];
  return children.length === 1 ? children[0]! : { kind: 'or', children };
}
