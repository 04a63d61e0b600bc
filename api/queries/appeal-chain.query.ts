import type { AppealChainQuery, AppealChainResponse, AppealInstance } from '../../contracts/api/graph.schema.ts';
import type { Database } from '../../infra/db/database.ts';
import { incomingEdges, outgoingEdges, unresolvedReferences, type EdgeRow } from './graph-edges.sql.ts';
import { graphDecisionOf, nodesByIds, type NodeRow } from './graph-nodes.query.ts';
import type { SummaryContext } from './summaries.ts';

/** How far the chain is followed in each direction (court levels: district, cantonal, federal, BGE). */
export const MAX_CHAIN_STEPS = 4;
/** Lower-court references a decision names at most (header, facts). */
const LINKS_PER_DECISION = 20;

const round2 = (x: number): number => Math.floor(x * 100 + 0.5) / 100;

interface Frontier {
  readonly id: string;
  readonly level: number;
  readonly confidence: number;
}

type Draft = Omit<AppealInstance, 'decision'> & { readonly decisionId: string | null };

function linkOf(row: EdgeRow | null, base: Frontier, extra: Partial<Draft>): Draft {
  return {
    level: base.level + Math.max(1, row?.level ?? 1),
    confidence: round2(base.confidence * (row?.confidence ?? 1)),
    link_confidence: row?.confidence ?? 0,
    resolved: row !== null,
    reference: row?.raw ?? null,
    origin: (row?.origin as AppealInstance['origin'] | undefined) ?? null,
    court: row?.ref_court ?? null,
    docket: row?.docket ?? null,
    stated_date: row?.stated_date ?? null,
    via: base.id,
    decisionId: null,
    ...extra,
  };
}

/** Lower instances: the lower-court references of each decision, followed while confident enough. */
async function priorOf(db: Database, root: string, min: number): Promise<Draft[]> {
  const out: Draft[] = [];
  const seen = new Set([root]);
  const seenKeys = new Set<string>();
  let frontier: Frontier[] = [{ id: root, level: 0, confidence: 1 }];
  for (let step = 0; step < MAX_CHAIN_STEPS && frontier.length > 0; step++) {
    const next: Frontier[] = [];
    for (const f of frontier) {
      const page = { minConfidence: 0, limit: LINKS_PER_DECISION, offset: 0 };
      const [edges, unresolved] = await Promise.all([
        outgoingEdges(db, f.id, 'appeal_prior', page),
        unresolvedReferences(db, f.id, 'appeal_prior', page),
      ]);
      for (const e of edges.rows) {
        const link = linkOf(e, f, { decisionId: e.target_id });
        if (link.confidence < min || seen.has(e.target_id)) continue;
        seen.add(e.target_id);
        if (e.ref_key) seenKeys.add(e.ref_key);
        out.push(link);
        next.push({ id: e.target_id, level: link.level, confidence: link.confidence });
      }
      for (const u of unresolved.rows) {
        const level = f.level + Math.max(1, u.level);
        const confidence = round2(f.confidence * u.match_confidence);
        if (confidence < min || (u.ref_key !== null && seenKeys.has(u.ref_key))) continue;
        if (u.ref_key !== null) seenKeys.add(u.ref_key);
        out.push({
          ...linkOf(null, f, {}),
          level,
          confidence,
          link_confidence: u.match_confidence,
          reference: u.raw,
          origin: u.origin as AppealInstance['origin'],
          court: u.ref_court,
          docket: u.docket,
          stated_date: u.stated_date,
        });
      }
    }
    frontier = next;
  }
  return out;
}

/** Higher instances: decisions whose lower-court reference names this one, followed upwards. */
async function subsequentOf(db: Database, root: string, min: number): Promise<Draft[]> {
  const out: Draft[] = [];
  const seen = new Set([root]);
  let frontier: Frontier[] = [{ id: root, level: 0, confidence: 1 }];
  for (let step = 0; step < MAX_CHAIN_STEPS && frontier.length > 0; step++) {
    const next: Frontier[] = [];
    for (const f of frontier) {
      const edges = await incomingEdges(db, f.id, 'appeal_prior', {
        minConfidence: 0,
        limit: LINKS_PER_DECISION,
        offset: 0,
      });
      for (const e of edges.rows) {
        const link = linkOf(e, f, { decisionId: e.source_id, via: e.source_id });
        if (link.confidence < min || seen.has(e.source_id)) continue;
        seen.add(e.source_id);
        out.push(link);
        next.push({ id: e.source_id, level: link.level, confidence: link.confidence });
      }
    }
    frontier = next;
  }
  return out;
}

const byLevel = (a: Draft, b: Draft): number => a.level - b.level || b.confidence - a.confidence;

/** GET /appeal-chain/{id}: prior instances (lower-court references) and subsequent ones (reverse lookup). */
export async function appealChainOf(
  db: Database,
  node: NodeRow,
  q: AppealChainQuery,
  ctx: SummaryContext,
): Promise<AppealChainResponse> {
  const [prior, subsequent] = await Promise.all([
    priorOf(db, node.decision_id, q.min_confidence),
    subsequentOf(db, node.decision_id, q.min_confidence),
  ]);
  const nodes = await nodesByIds(
    db,
    [...prior, ...subsequent].flatMap((d) => (d.decisionId ? [d.decisionId] : [])),
  );
  const finish = (drafts: Draft[]): AppealInstance[] =>
    [...drafts].sort(byLevel).map(({ decisionId, ...d }) => {
      const n = decisionId ? nodes.get(decisionId) : undefined;
      return { ...d, decision: n ? graphDecisionOf(n, ctx) : null };
    });
  return {
    decision: graphDecisionOf(node, ctx),
    min_confidence: q.min_confidence,
    prior: finish(prior),
    subsequent: finish(subsequent),
  };
}

