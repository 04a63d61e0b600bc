import type { CitationEdge, CitationsQuery, CitationsResponse } from '../../contracts/api/graph.schema.ts';
import type { Database } from '../../infra/db/database.ts';
import {
  incomingEdges,
  outgoingEdges,
  unresolvedReferences,
  type EdgePage,
  type EdgeRow,
} from './graph-edges.sql.ts';
import { graphDecisionOf, type NodeRow } from './graph-nodes.query.ts';
import type { SummaryContext } from './summaries.ts';

type Evidence = CitationEdge['evidence'];

/** An edge of the response: the other decision's citation fields and how sure the edge is. */
export function edgeOf(row: EdgeRow, other: NodeRow, ctx: SummaryContext): CitationEdge {
  // assigned onto the node's summary, not spread into a new object (see `toSummary`)
  return Object.assign(graphDecisionOf(other, ctx), {
    confidence: row.confidence,
    reference: row.raw,
    pinpoints: row.pinpoints ? row.pinpoints.split(', ') : [],
    page: row.pin_page,
    stated_date: row.stated_date,
    mentions: row.mentions,
    evidence: {
      match_confidence: row.match_confidence,
      match: row.match as Evidence['match'],
      court_agreement: row.court_agreement as Evidence['court_agreement'],
      date_order: row.date_order as Evidence['date_order'],
      candidates: row.candidates,
    },
  });
}

function continuation(page: EdgePage, offset: number, limit: number, edges: CitationEdge[]) {
  const hasMore = offset + page.rows.length < page.total;
  return {
    total: page.total,
    returned: edges.length,
    offset,
    limit,
    has_more: hasMore,
    next_offset: hasMore ? offset + page.rows.length : null,
    citations: edges,
  };
}

/** GET /citations/{id}: what the decision cites and what cites it, each direction paged on its own. */
export async function citationsOf(
  db: Database,
  node: NodeRow,
  q: CitationsQuery,
  ctx: SummaryContext,
): Promise<CitationsResponse> {
  const page = { minConfidence: q.min_confidence, limit: q.limit, offset: q.offset };
  const wantOut = q.direction !== 'incoming';
  const wantIn = q.direction !== 'outgoing';
  const [out, unresolved, inc] = await Promise.all([
    wantOut ? outgoingEdges(db, node.decision_id, 'citation', page) : null,
    wantOut ? unresolvedReferences(db, node.decision_id, 'citation', { limit: q.limit }) : null,
    wantIn ? incomingEdges(db, node.decision_id, 'citation', page) : null,
  ]);
  // each edge comes with the other decision's node (an edge whose node is gone is left out)
  const edges = (p: EdgePage): CitationEdge[] =>
    p.rows.flatMap((r) => (r.other ? [edgeOf(r, r.other, ctx)] : []));
  return {
    decision: graphDecisionOf(node, ctx),
    direction: q.direction,
    min_confidence: q.min_confidence,
    ...(out && unresolved
      ? {
          outgoing: {
            ...continuation(out, q.offset, q.limit, edges(out)),
            unresolved_total: unresolved.total,
            unresolved: unresolved.rows.map((u) => ({
              reference: u.raw,
              kind: u.kind,
              key: u.ref_key,
              court: u.ref_court,
              stated_date: u.stated_date,
              match_confidence: u.match_confidence,
            })),
          },
        }
      : {}),
    ...(inc ? { incoming: continuation(inc, q.offset, q.limit, edges(inc)) } : {}),
  };
}
