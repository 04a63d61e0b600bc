/**
 * Compiles a search-query AST (`contracts/search/query-ast.ts`) into OpenSearch query DSL with the
 * SEARCH SEMANTICS documented at the top of `infra/search/postgres/tsquery-compiler.ts` (rules 1–9).
 *
 * How the rules map onto the index layout of `index-layout.ts`:
 *  1. Language: each decision's text lives in the fields of its text group only (`t_de.*`,
 *     `t_fr.*`, `t_it.*`, `t_xx.*`, analysed with `sl_de` … `sl_xx`). The query is compiled once
 *     per group into an "arm" `bool{filter: language of the group, must: Q_group}`; the arms are
 *     OR-ed. The language filter matters for negations (NOT x must not match other languages'
 *     decisions through their empty `t_de.*` fields).
 *  2/3. Terms and prefixes are analysed BEFORE compiling (the caller runs the group's analyser
 *     via `_analyze` and passes the tokens in through {@link Analyse}); a term becomes `term`
 *     queries on the analysed tokens, a prefix `prefix` queries on the stemmed token (rule 3:
 *     `diritto*` → `diritt…`). Several tokens (rare: e.g. mixed scripts) must all occur,
 *     anywhere in the decision, like `plainto_tsquery`.
 *  4. Phrases: `match_phrase` (slop 0) with the field's analyser; stop words keep their
 *     position gap, so any one word fills a stop-word slot, as in `phraseto_tsquery`. The text
 *     fields index two-word shingles (`index_phrases`): a phrase without a stop-word gap is
 *     answered from the shingle field (a term lookup for two words), one with a gap by positions.
 *  5. References: `ref_keys` contains the key (filter context, no score) OR (not for decision
 *     ids) a citation phrase matches. "Own reference first" is not expressed here: the caller
 *     orders by {@link CompiledSearchQuery.ownRefKeys} (see opensearch-search-index.ts).
 *  6. AND/OR/NOT → bool must/should/must_not; a NOT-only group is `filter: match_all` +
 *     `must_not` (score 0, like rank 0 in Postgres).
 *  7. A leaf whose text analyses to no token in a group is REMOVED from that group's arm, and so
 *     is an operator whose operands were all removed; a fully removed arm is left out (matches
 *     nothing). This is decided at compile time from the analysis, so no `zero_terms_query`
 *     tricks are needed.
 *  8. Relevance: BM25 of the positive leaves (term, prefix, phrase, citation phrase), summed over
 *     the fields with boosts title 5 > regeste 2 > full text 1 (the ratio of ts_rank's A/B/C
 *     weights 1.0/0.4/0.2). Negated parts and `ref_keys` matches sit in filter context and
 *     contribute nothing.
 *  9. The empty query (AST null) is handled by the caller (no query clause).
 *
 * Every user string only ever appears as a JSON string value; the DSL is built as plain objects.
 */
import type { QueryNode, ReferenceNode } from '../../../contracts/search/query-ast.ts';
import { citationPhrases, namesOneDecision } from '../../../contracts/search/reference-keys.ts';
import type { SearchFilters } from '../search.port.ts';

/** A fragment of query DSL (a JSON object). */
export type Dsl = { readonly [key: string]: unknown };

/** The analyser groups: de → german, fr → french, it → italian, everything else → simple (xx). */
export type TextGroup = 'de' | 'fr' | 'it' | 'xx';
export const TEXT_GROUPS: readonly TextGroup[] = ['de', 'fr', 'it', 'xx'];
const LANGUAGE_GROUPS: Readonly<Record<string, TextGroup>> = { de: 'de', fr: 'fr', it: 'it' };
const GROUP_LANGUAGES: readonly string[] = Object.keys(LANGUAGE_GROUPS);

/** The text group that analyses decisions (and queries against decisions) of `language`. */
export function textGroupOf(language: string): TextGroup {
  return LANGUAGE_GROUPS[language] ?? 'xx';
}

/** Name of the analyser of a text group (defined in the index settings). */
export function analyzerOf(group: TextGroup): string {
  return `sl_${group}`;
}

export type TextPart = 'title' | 'regeste' | 'body';
/** The analysed text parts of an index (`t_<group>.<part>`) and their boosts (rule 8). */
export type PartBoosts = Readonly<Record<string, number>>;
/** Field boosts of the decision index (rule 8): title > regeste > full text. */
export const PART_BOOSTS: Readonly<Record<TextPart, number>> = { title: 5, regeste: 2, body: 1 };

/** The analysed field of one text part of one group, e.g. `t_de.title`. */
export function textField(group: TextGroup, part: string): string {
  return `t_${group}.${part}`;
}

/** Tokens that `text` analyses to with the analyser of `group` (empty: only stop words). */
export type Analyse = (group: TextGroup, text: string) => readonly string[];

export interface CompiledSearchQuery {
  /** Matches exactly the decisions the AST matches (within the compiled groups). */
  readonly query: Dsl;
  /** Keys of the non-negated references (rule 5 ranking), deduplicated. */
  readonly ownRefKeys: readonly string[];
}

const MATCH_ALL: Dsl = { match_all: {} };
const MATCH_NONE: Dsl = { match_none: {} };

function phraseText(words: readonly string[]): string {
  return words.join(' ');
}

/** Every text the compiler will ask {@link Analyse} about (deduplicated, in tree order). */
export function analysisTexts(ast: QueryNode): string[] {
  const out = new Set<string>();
  const walk = (node: QueryNode): void => {
    switch (node.kind) {
      case 'term':
      case 'prefix':
        out.add(node.text);
        return;
      case 'phrase':
        out.add(phraseText(node.words));
        return;
      case 'reference':
        for (const p of citationPhrases(node)) out.add(p);
        return;
      case 'not':
        walk(node.child);
        return;
      case 'and':
      case 'or':
        node.children.forEach(walk);
        return;
    }
  };
  walk(ast);
  return [...out];
}

/** The keys of references under an even number of NOTs. */
export function positiveRefKeys(ast: QueryNode): string[] {
  const out = new Set<string>();
  const walk = (node: QueryNode, negated: boolean): void => {
    switch (node.kind) {
      case 'reference':
        if (!negated && namesOneDecision(node)) out.add(node.key);
        return;
      case 'not':
        walk(node.child, !negated);
        return;
      case 'and':
      case 'or':
        for (const c of node.children) walk(c, negated);
        return;
      default:
        return;
    }
  };
  walk(ast, false);
  return [...out];
}

/** One clause per text part, summed (a word in title, regeste and text scores all three). */
function anyPart(group: TextGroup, boosts: PartBoosts, clause: (field: string, boost: number) => Dsl): Dsl {
  return {
    bool: { should: Object.entries(boosts).map(([part, boost]) => clause(textField(group, part), boost)) },
  };
}

function allOf(clauses: Dsl[]): Dsl {
  return clauses.length === 1 && clauses[0] !== undefined ? clauses[0] : { bool: { must: clauses } };
}

function negate(clause: Dsl): Dsl {
  return { bool: { filter: [MATCH_ALL], must_not: [clause] } };
}

function phraseQuery(group: TextGroup, boosts: PartBoosts, text: string): Dsl {
  return anyPart(group, boosts, (field, boost) => ({
    match_phrase: { [field]: { query: text, slop: 0, boost } },
  }));
}

class GroupCompiler {
  constructor(
    private readonly group: TextGroup,
    private readonly analyse: Analyse,
    private readonly boosts: PartBoosts,
  ) {}

  /** The clause for `node` in this group, or null when rule 7 removes it. */
  node(node: QueryNode): Dsl | null {
    const g = this.group;
    switch (node.kind) {
      case 'term': {
        const tokens = this.analyse(g, node.text);
        if (tokens.length === 0) return null;
        return allOf(
          tokens.map((t) =>
            anyPart(g, this.boosts, (field, boost) => ({ term: { [field]: { value: t, boost } } })),
          ),
        );
      }
      case 'prefix': {
        const tokens = this.analyse(g, node.text);
        if (tokens.length === 0) return null;
        return allOf(
          tokens.map((t) =>
            anyPart(g, this.boosts, (field, boost) => ({ prefix: { [field]: { value: t, boost } } })),
          ),
        );
      }
      case 'phrase': {
        const text = phraseText(node.words);
        return this.analyse(g, text).length === 0 ? null : phraseQuery(g, this.boosts, text);
      }
      case 'reference':
        return this.reference(node);
      case 'not': {
        const child = this.node(node.child);
        return child === null ? null : negate(child);
      }
      case 'and':
        return this.and(node.children);
      case 'or': {
        const parts = node.children.map((c) => this.node(c)).filter((c): c is Dsl => c !== null);
        if (parts.length === 0) return null;
        if (parts.length === 1 && parts[0] !== undefined) return parts[0];
        return { bool: { should: parts, minimum_should_match: 1 } };
      }
    }
  }

  private and(children: readonly QueryNode[]): Dsl | null {
    const must: Dsl[] = [];
    const mustNot: Dsl[] = [];
    for (const c of children) {
      if (c.kind === 'not') {
        const inner = this.node(c.child);
        if (inner !== null) mustNot.push(inner);
      } else {
        const clause = this.node(c);
        if (clause !== null) must.push(clause);
      }
    }
    if (must.length === 0 && mustNot.length === 0) return null;
    if (mustNot.length === 0) return allOf(must);
    return { bool: { ...(must.length > 0 ? { must } : { filter: [MATCH_ALL] }), must_not: mustNot } };
  }

  private reference(ref: ReferenceNode): Dsl {
    const own: Dsl = { bool: { filter: [{ term: { ref_keys: ref.key } }] } };
    const cited = citationPhrases(ref)
      .filter((p) => this.analyse(this.group, p).length > 0)
      .map((p) => phraseQuery(this.group, this.boosts, p));
    if (cited.length === 0) return own;
    return { bool: { should: [own, ...cited], minimum_should_match: 1 } };
  }
}

/** Restricts a clause to the decisions analysed by `group`. */
function languageFilter(group: TextGroup): Dsl {
  if (group === 'xx') return { bool: { must_not: [{ terms: { language: GROUP_LANGUAGES } }] } };
  return { term: { language: group } };
}

/**
 * Compiles `ast` for the given text groups (all four, or just the one of a language filter).
 * `analyse` must know every text of {@link analysisTexts} for each of `groups`. `boosts` names
 * the index's text parts (default: the decision index's title, regeste and body).
 */
export function compileQueryDsl(
  ast: QueryNode,
  groups: readonly TextGroup[],
  analyse: Analyse,
  boosts: PartBoosts = PART_BOOSTS,
): CompiledSearchQuery {
  const arms: Dsl[] = [];
  for (const group of groups) {
    const clause = new GroupCompiler(group, analyse, boosts).node(ast);
    if (clause !== null) arms.push({ bool: { filter: [languageFilter(group)], must: [clause] } });
  }
  let query: Dsl;
  if (arms.length === 0) query = MATCH_NONE;
  else if (arms.length === 1 && arms[0] !== undefined) query = arms[0];
  else query = { bool: { should: arms, minimum_should_match: 1 } };
  return { query, ownRefKeys: positiveRefKeys(ast) };
}

/** `*` `?` `\` are wildcard syntax; everything else (`%`, `_`) is literal anyway. */
export function escapeWildcard(text: string): string {
  return text.replace(/[\\*?]/g, (c) => `\\${c}`);
}

/**
 * The filter clauses of a request (all in filter context). `chamber_lc` and `decision_type_lc`
 * hold the lower-cased values (lower-cased when indexing, see index-layout.ts).
 */
export function compileFilters(f: SearchFilters): Dsl[] {
  const out: Dsl[] = [];
  if (f.court) out.push({ term: { court: f.court } });
  if (f.canton) out.push({ term: { canton: f.canton } });
  if (f.language) out.push({ term: { language: f.language } });
  if (f.dateFrom || f.dateTo) {
    const range: Record<string, string> = { format: 'strict_date' };
    if (f.dateFrom) range['gte'] = f.dateFrom;
    if (f.dateTo) range['lte'] = f.dateTo;
    out.push({ range: { decision_date: range } });
  }
  if (f.chamber)
    out.push({ wildcard: { chamber_lc: { value: `*${escapeWildcard(f.chamber.toLowerCase())}*` } } });
  if (f.decisionType) out.push({ term: { decision_type_lc: f.decisionType.toLowerCase() } });
  return out;
}

/** The text groups a request must search: the filtered language's only, or all. */
export function groupsFor(filters: SearchFilters): readonly TextGroup[] {
  return filters.language ? [textGroupOf(filters.language)] : TEXT_GROUPS;
}
