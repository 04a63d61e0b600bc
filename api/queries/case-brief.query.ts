import type { z } from 'zod';
import type { caseBriefResponse } from '../../contracts/api/structure.schema.ts';
import { referenceOfMatch, type ParsedReference } from '../../contracts/citation/decision-identifiers.ts';
import {
  findCitations,
  isCaseCitation,
  type CitationMatch,
} from '../../contracts/citation/grammar/find-citations.ts';
import { excerptAtSentence, sentenceSpans } from '../../contracts/citation/rule-statement.ts';
import { isJurisdiction } from '../../contracts/courts/cantons.ts';
import type { Database } from '../../infra/db/database.ts';
import { decisionCores, resolveReferences, type FoundDecision } from './identifiers.query.ts';
import {
  citationFieldsOf,
  decisionHeadOf,
  loadErwaegungen,
  loadStructure,
  pinpointRuleText,
  ruleStatementOf,
} from './structure.query.ts';
import type { SummaryContext } from './summaries.ts';

type CaseBrief = z.infer<typeof caseBriefResponse>;
type BriefCase = CaseBrief['authority'][number];

const FACTS_CHARS = 1500;

/** The first sentences of a text up to about `max` characters (verbatim, cut at a sentence end). */
function leadingSentences(text: string, max: number): string {
  let end = 0;
  for (const s of sentenceSpans(text)) {
    if (s.end > max && end > 0) break;
    end = s.end;
  }
  return text.slice(0, end || Math.min(text.length, max)).trim();
}

interface Grouped {
  readonly ref: ParsedReference;
  readonly text: string;
  count: number;
  readonly pinpoints: Set<string>;
}

function group(matches: readonly CitationMatch[]): Grouped[] {
  const byKey = new Map<string, Grouped>();
  for (const m of matches) {
    const ref = referenceOfMatch(m);
    const key = ref.keys[0] ?? m.key;
    const g = byKey.get(key) ?? { ref, text: m.key, count: 0, pinpoints: new Set<string>() };
    g.count++;
    for (const p of ref.pinpoints) g.pinpoints.add(p);
    byKey.set(key, g);
  }
  return [...byKey.values()];
}

async function fullTextOf(db: Database, decisionId: string): Promise<string> {
  const row = await db
    .selectFrom('decisions')
    .select('full_text')
    .where('decision_id', '=', decisionId)
    .executeTakeFirst();
  return row?.full_text ?? '';
}

/** A brief of one decision: facts, reasoning per top-level Erwägung, holding, statutes, authority. */
export async function caseBrief(db: Database, found: FoundDecision, ctx: SummaryContext): Promise<CaseBrief> {
  const d = found.decision;
  const [structure, erwaegungen] = await Promise.all([
    loadStructure(db, d.decision_id),
    loadErwaegungen(db, [d.decision_id]).then((m) => m.get(d.decision_id) ?? []),
  ]);
  const considerations = [structure?.considerations_intro ?? '', ...erwaegungen.map((e) => e.text)].join(
    '\n\n',
  );
  // A decision without recognisable considerations is read whole: its citations never vanish.
  const body = considerations.trim() !== '' ? considerations : await fullTextOf(db, d.decision_id);
  const context = {
    decisionText: true,
    ...(isJurisdiction(d.canton) ? { canton: d.canton } : {}),
  } as const;
  const found_ = findCitations(body, {
    ...context,
    language: d.language === 'fr' || d.language === 'it' ? d.language : 'de',
  });
  const cases = group(found_.filter(isCaseCitation));
  const header = structure?.header ?? '';
  const lowerMatch = findCitations(header).find(
    (m) => isCaseCitation(m) && m.key !== d.docket_number && m.decisionId !== d.decision_id,
  );
  const lower = lowerMatch ? group([lowerMatch])[0]! : null;

  const resolved = await resolveReferences(db, [...cases.map((c) => c.ref), ...(lower ? [lower.ref] : [])]);
  const ids = resolved.map((r) => r?.[0] ?? null);
  const cores = await decisionCores(
    db,
    ids.filter((i): i is string => i !== null),
  );
  const briefCase = (g: Grouped, id: string | null): BriefCase => {
    const core = id ? cores.get(id) : undefined;
    const pin = [...g.pinpoints][0] ?? null;
    const fields = core ? citationFieldsOf(core, ctx, pin) : null;
    return {
      reference: g.text,
      exists: core !== undefined,
      decision_id: core?.decision_id ?? null,
      citation_string_de: fields?.citation_string_de ?? null,
      canonical_url: fields?.canonical_url ?? null,
      pinpoints: [...g.pinpoints],
      count: g.count,
    };
  };
  const authority = cases
    .map((g, i) => briefCase(g, ids[i] ?? null))
    .filter((c) => c.decision_id !== d.decision_id)
    .sort((a, b) => b.count - a.count || Number(b.exists) - Number(a.exists));

  const statutes = new Map<
    string,
    { reference: string; sr_number: string | null; law: string | null; article: string; count: number }
  >();
  for (const m of findCitations([structure?.regeste ?? '', body].join('\n\n'), context).filter(
    (x) => x.kind === 'statute',
  )) {
    const s = m.statute!;
    const entry = statutes.get(m.key) ?? {
      reference: m.text,
      sr_number: s.sr,
      law: s.law,
      article: s.article,
      count: 0,
    };
    entry.count++;
    statutes.set(m.key, entry);
  }

  const tops = [...new Set(erwaegungen.map((e) => e.number.split(/[.a-z/]/)[0]!))];
  return {
    ...decisionHeadOf(d, ctx, ruleStatementOf(d, structure, erwaegungen)),
    regeste: structure?.regeste ?? d.regeste,
    facts: structure?.facts ? leadingSentences(structure.facts, FACTS_CHARS) : null,
    reasoning: tops.map((number) => ({
      number,
      excerpt: excerptAtSentence(pinpointRuleText(erwaegungen, number) ?? ''),
    })),
    holding: structure?.operative ?? null,
    statutes: [...statutes.values()].sort((a, b) => b.count - a.count),
    authority,
    related_cases: {
      lower_instance: lower ? briefCase(lower, ids[cases.length] ?? null) : null,
    },
  };
}
