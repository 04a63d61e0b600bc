/**
 * The checks of `POST /attest` as pure functions (issue 4, item 4). The route scans the draft
 * ({@link scanDraft}), fetches what the scan asks for (identifier rows, Erwägung numbers, page
 * ranges, texts of quoted decisions) and hands it to {@link assessDraft}, which decides.
 *
 * Checked: every case citation of the kinds the spec lists (BGE/ATF/DTF, BGer/TF, BVGer/TAF,
 * BVGE/ATAF, BStGer/TPF, BPatGer/TFB, MKGE/ATMC/STMC, cantonal courts) names a decision of the
 * corpus; each pinpoint exists among its Erwägungen (a parent counts when it has children); a
 * page pin-cite lies within the BGE's pages; a date written with the citation is the decision's
 * date; statute references name a known act (and an existing article when the statute tables
 * hold the act); quotations of 30+ characters appear verbatim in the decision they are attributed
 * to. Errors are wrong; warnings could not be verified. Only the draft's own references are
 * certified, never the absence of authority the draft should have cited.
 */
import type { AttestCitation, AttestIssue, AttestResponse, IssueKind } from '../api/citation.schema.ts';
import { resolveLawName } from '../laws/resolve-law.ts';
import { composeErwaegung, pinpointExists, type ErwaegungText } from '../structure/erwaegung-numbers.ts';
import { isCitableDate, spellDate, type CitationLanguage } from './dates.ts';
import { referenceOfMatch, type ParsedReference } from './decision-identifiers.ts';
import {
  findCitations,
  isCaseCitation,
  type CitationMatch,
  type GrammarLanguage,
} from './grammar/find-citations.ts';
import { detectLanguage, rankSentences } from './lexical-match.ts';
import { findQuotations, quotedVerbatim, type Quotation } from './quotations.ts';
import { excerptAtSentence } from './rule-statement.ts';

/** How far (characters) a citation may stand from the quotation it is taken as the source of. */
const QUOTE_OWNER_DISTANCE = 200;

export interface DraftScan {
  readonly language: GrammarLanguage | null;
  /** Case citations and statute references, in text order. */
  readonly matches: readonly CitationMatch[];
  /** Per match: the reference to resolve (case citations), null for statutes. */
  readonly references: readonly (ParsedReference | null)[];
  readonly quotations: readonly Quotation[];
  /** Per quotation: the index of the match it is attributed to, or null. */
  readonly quoteOwners: readonly (number | null)[];
  /** BGE/ATF/DTF references written in the collection's form whose volume does not exist yet. */
  readonly impossibleBge: readonly ImpossibleBge[];
}

/** A reference in the form of the official collection that names a volume not (yet) published. */
export interface ImpossibleBge {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly volume: number;
  /** The newest volume of the draft's year (`year - 1874`). */
  readonly lastVolume: number;
}

const BGE_FORM = /\b(?:BGE|ATF|DTF)\s+(\d{1,4})\s+(?:Ia|Ib|IV|V|I{1,3})\s+\d{1,4}\b/g;

/** `BGE 999 II 1`: written like a BGE reference, but the volume lies beyond the newest one. */
function impossibleBgeReferences(
  text: string,
  matches: readonly CitationMatch[],
  currentYear: number,
): ImpossibleBge[] {
  const lastVolume = currentYear - 1874;
  const out: ImpossibleBge[] = [];
  for (const m of text.matchAll(BGE_FORM)) {
    const start = m.index;
    const end = start + m[0].length;
    const volume = Number(m[1]);
    if (volume <= lastVolume && volume >= 1) continue;
    if (matches.some((c) => c.span.start < end && start < c.span.end)) continue;
    out.push({ start, end, text: m[0], volume, lastVolume });
  }
  return out;
}

function sameParagraph(text: string, from: number, to: number): boolean {
  return !/\n[ \t]*\n/.test(text.slice(Math.min(from, to), Math.max(from, to)));
}

/** The citation a quotation is taken from: the next one right after it, else the one right before. */
function ownerOf(text: string, q: Quotation, matches: readonly CitationMatch[]): number | null {
  let before: number | null = null;
  for (let i = 0; i < matches.length; i++) {
    const m = matches[i]!;
    if (m.span.start >= q.end) {
      if (m.span.start - q.end <= QUOTE_OWNER_DISTANCE && sameParagraph(text, q.end, m.span.start)) return i;
      break;
    }
    if (
      m.span.end <= q.start &&
      q.start - m.span.end <= QUOTE_OWNER_DISTANCE &&
      sameParagraph(text, m.span.end, q.start)
    )
      before = i;
  }
  return before;
}

/** Finds the citations, statute references and quotations of a draft. */
export function scanDraft(text: string, options: { currentYear?: number } = {}): DraftScan {
  const year = options.currentYear ? { currentYear: options.currentYear } : {};
  let language = detectLanguage(text);
  // Articles implied by a range (`Art. 11–14`) are not written in the draft: its ends are checked.
  // Gazette references (`AS 2007 5779`) name publications, not authorities: not attested.
  const written = (ms: CitationMatch[]) => ms.filter((m) => !m.statute?.inRange && m.kind !== 'gazette');
  let matches = written(findCitations(text, { ...(language ? { language } : {}), ...year }));
  if (language === null) {
    // Too little prose to tell: the wording of the citations themselves decides.
    language = majorityLanguage(matches);
    if (language) matches = written(findCitations(text, { language, ...year }));
  }
  const quotations = findQuotations(text);
  return {
    language,
    matches,
    references: matches.map((m) => (isCaseCitation(m) ? referenceOfMatch(m) : null)),
    quotations,
    quoteOwners: quotations.map((q) => ownerOf(text, q, matches)),
    impossibleBge: impossibleBgeReferences(text, matches, options.currentYear ?? new Date().getUTCFullYear()),
  };
}

function majorityLanguage(matches: readonly CitationMatch[]): GrammarLanguage | null {
  const counts = new Map<GrammarLanguage, number>();
  for (const m of matches) if (m.language) counts.set(m.language, (counts.get(m.language) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  return ranked[0] && (ranked.length === 1 || ranked[0][1] > ranked[1]![1]) ? ranked[0][0] : null;
}

// ---------------------------------------------------------------------------------------------
// Facts fetched by the route

export interface AttestDecision {
  readonly decision_id: string;
  readonly court: string;
  readonly docket_number: string;
  readonly decision_date: string | null;
  /** Numbers of the decision's Erwägungen; null when none were recognised in its text. */
  readonly erwaegungen: readonly string[] | null;
  /** Pages of a BGE (first to last), else null. */
  readonly pages: { readonly start: number; readonly end: number } | null;
}

export interface AttestCloseMatch {
  readonly decision: AttestDecision;
  readonly reason: 'page_range' | 'same_register_year';
}

export interface AttestOutcome {
  /** The decision the reference names, or null. */
  readonly decisionId: string | null;
  readonly closeMatches: readonly AttestCloseMatch[];
}

export interface AttestSources {
  readonly fullText: string;
  readonly erwaegungen: readonly ErwaegungText[];
}

export type ArticleCheck = 'exists' | 'missing' | 'unknown';

export interface AttestFacts {
  /** Per match index (case citations only). */
  readonly outcomes: ReadonlyMap<number, AttestOutcome>;
  readonly decisions: ReadonlyMap<string, AttestDecision>;
  /** Texts of the decisions quotations are checked against. */
  readonly sources: ReadonlyMap<string, AttestSources>;
  /** The citation string of a decision in a language, with an optional pinpoint. */
  readonly cite: (d: AttestDecision, language: CitationLanguage, pinpoint?: string | null) => string;
  readonly canonicalUrl: (d: AttestDecision, pinpoint?: string | null) => string;
  /** Whether an article of a federal act exists in the statute tables ('unknown': act not held). */
  readonly article?: (sr: string, article: string) => ArticleCheck;
  readonly today: string;
}

// ---------------------------------------------------------------------------------------------
// Checks

interface Finding {
  readonly kind: IssueKind;
  readonly severity: 'error' | 'warning';
  readonly problem: string;
  readonly suggestion: string | null;
}

const E = (kind: IssueKind, problem: string, suggestion: string | null = null): Finding => ({
  kind,
  severity: 'error',
  problem,
  suggestion,
});
const W = (kind: IssueKind, problem: string, suggestion: string | null = null): Finding => ({
  kind,
  severity: 'warning',
  problem,
  suggestion,
});

const PIN_WORD: Readonly<Record<CitationLanguage, string>> = { de: 'E.', fr: 'consid.', it: 'consid.' };
const PAGE_WORD: Readonly<Record<CitationLanguage, string>> = { de: 'S.', fr: 'p.', it: 'pag.' };

function pinpointHint(numbers: readonly string[], pin: string): string {
  const top = [...new Set(numbers.map((n) => n.split(/[.a-z/]/)[0]!))];
  const parent = pin.includes('.') ? pin.slice(0, pin.lastIndexOf('.')) : null;
  const siblings = parent
    ? numbers.filter((n) => n.startsWith(`${parent}.`) && n.split('.').length === pin.split('.').length)
    : [];
  if (siblings.length > 0) return `Erwägung ${parent} has ${siblings.join(', ')}`;
  return `its Erwägungen are numbered ${top.slice(0, 12).join(', ')}${top.length > 12 ? ', …' : ''}`;
}

function caseFindings(
  m: CitationMatch,
  ref: ParsedReference,
  outcome: AttestOutcome | undefined,
  facts: AttestFacts,
  lang: CitationLanguage,
): Finding[] {
  const d = outcome?.decisionId ? facts.decisions.get(outcome.decisionId) : undefined;
  if (!d) {
    const close = outcome?.closeMatches ?? [];
    const holder = close.find((c) => c.reason === 'page_range');
    if (holder && ref.bge) {
      const pages = holder.decision.pages;
      return [
        E(
          'citation',
          `No decision starts at page ${ref.bge.page}: that page lies within ${facts.cite(holder.decision, 'de')}${pages ? ` (pages ${pages.start}–${pages.end})` : ''}.`,
          `${facts.cite(holder.decision, lang)} ${PAGE_WORD[lang]} ${ref.bge.page}`,
        ),
      ];
    }
    if (close.length > 0) {
      return [
        E(
          'citation',
          `No decision '${ref.displayKey}' in the corpus.`,
          `Did you mean ${close.map((c) => facts.cite(c.decision, lang)).join(' or ')}?`,
        ),
      ];
    }
    if (m.court === null && m.kind === 'cantonal') {
      return [
        W(
          'citation',
          `The court of '${ref.displayKey}' is not known to the service, so the decision cannot be verified.`,
        ),
      ];
    }
    if (m.confidence < 0.5) {
      return [
        W('citation', `'${m.text}' may be a citation of ${ref.displayKey}, which is not in the corpus.`),
      ];
    }
    return [
      E(
        'citation',
        `No decision '${ref.displayKey}' in the corpus.`,
        'Check the reference; the decision may also be unpublished or missing from the corpus.',
      ),
    ];
  }
  const out: Finding[] = [];
  for (const pin of ref.pinpoints) {
    if (d.erwaegungen === null) {
      out.push(
        W(
          'pinpoint',
          `${PIN_WORD[lang]} ${pin} cannot be verified: no numbered Erwägungen were recognised in ${facts.cite(d, 'de')}.`,
        ),
      );
    } else if (!pinpointExists(d.erwaegungen, pin)) {
      out.push(
        E(
          'pinpoint',
          `${facts.cite(d, 'de')} has no Erwägung ${pin}; ${pinpointHint(d.erwaegungen, pin)}.`,
          `Check the pinpoint against ${facts.canonicalUrl(d)}`,
        ),
      );
    }
  }
  if (
    ref.pagePinpoint !== null &&
    d.pages &&
    (ref.pagePinpoint < d.pages.start || ref.pagePinpoint > d.pages.end)
  ) {
    out.push(
      E(
        'page',
        `Page ${ref.pagePinpoint} is outside ${facts.cite(d, 'de')}, which runs from page ${d.pages.start} to ${d.pages.end}.`,
        null,
      ),
    );
  }
  if (ref.statedDate && isCitableDate(d.decision_date, facts.today) && ref.statedDate !== d.decision_date) {
    out.push(
      E(
        'date',
        `The date written (${spellDate(ref.statedDate, lang)}) is not the decision's date (${spellDate(d.decision_date, lang)}).`,
        facts.cite(d, lang, ref.pinpoints[0] ?? null),
      ),
    );
  }
  return out;
}

function statuteFindings(m: CitationMatch, facts: AttestFacts): Finding[] {
  const s = m.statute;
  if (!s) return [];
  const articleFinding = (sr: string, label: string): Finding[] => {
    const check = facts.article?.(sr, s.article) ?? 'unknown';
    return check === 'missing'
      ? [E('statute', `Art. ${s.article} does not exist in ${label} (SR ${sr}).`)]
      : [];
  };
  if (s.sr !== null) return articleFinding(s.sr, s.law ?? `SR ${s.sr}`);
  if (s.law === null) {
    return [
      W(
        'statute',
        `'${m.text}' names no act, so the article cannot be verified.`,
        'Name the act, e.g. Art. 8 BV.',
      ),
    ];
  }
  const cantonal = m.canton !== null && m.canton !== 'CH';
  const resolved = resolveLawName({ abbreviation: s.law });
  if (resolved.status === 'resolved') {
    return resolved.canton === 'CH' ? articleFinding(resolved.sr_number, s.law) : [];
  }
  if (resolved.code === 'deliberately_unmapped' || resolved.code === 'edition_prefix_not_interpreted') {
    return [E('statute', resolved.reason, resolved.note ?? null)];
  }
  if (cantonal || m.text.trimStart().startsWith('§')) {
    return [W('statute', `'${s.law}' is read as a cantonal act, which the service cannot verify.`)];
  }
  return [
    W(
      'statute',
      `The act '${s.law}' is not in the service's statute tables, so '${m.text}' cannot be verified.`,
    ),
  ];
}

function quotationFindings(
  q: Quotation,
  owner: number | null,
  scan: DraftScan,
  facts: AttestFacts,
): Finding[] {
  const m = owner === null ? null : scan.matches[owner]!;
  if (m && !isCaseCitation(m)) {
    return [
      W('quotation', `The quotation is attributed to ${m.text}; quotations of statutes are not checked.`),
    ];
  }
  const decisionId = owner === null ? null : (facts.outcomes.get(owner)?.decisionId ?? null);
  if (m && decisionId === null) {
    return [W('quotation', `The quotation cannot be checked: ${m.text} was not found.`)];
  }
  if (decisionId === null) {
    const anywhere = [...facts.sources.values()].some((s) => quotedVerbatim(q.text, s.fullText));
    return anywhere
      ? []
      : [
          W(
            'quotation',
            'The quotation is not attributed to a citation and appears verbatim in none of the decisions cited.',
          ),
        ];
  }
  const source = facts.sources.get(decisionId);
  const d = facts.decisions.get(decisionId)!;
  if (!source)
    return [W('quotation', `The text of ${facts.cite(d, 'de')} is not available to check the quotation.`)];
  if (quotedVerbatim(q.text, source.fullText)) return [];
  const pin = scan.references[owner!]?.pinpoints[0];
  const scope = (pin ? composeErwaegung(source.erwaegungen, pin)?.text : null) ?? source.fullText;
  const closest = rankSentences(q.text, scope)[0];
  return [
    E(
      'quotation',
      `The quotation does not appear verbatim in ${facts.cite(d, 'de')}${pin ? ` (${PIN_WORD.de} ${pin})` : ''}.`,
      closest ? `The closest passage reads: «${excerptAtSentence(closest.text)}»` : null,
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Assessment

interface Item {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly findings: readonly Finding[];
  /** A case citation, a statute reference, or a quotation. */
  readonly reference: 'case' | 'statute' | false;
}

/** The attest response for a scanned draft and the facts fetched for it. */
export function assessDraft(
  draft: string,
  scan: DraftScan,
  facts: AttestFacts,
  options: { auditGrounding: boolean },
): AttestResponse {
  const lang: CitationLanguage = scan.language ?? 'de';
  const items: Item[] = [];
  const citations: AttestCitation[] = [];
  scan.matches.forEach((m, i) => {
    const ref = scan.references[i];
    const findings = ref
      ? caseFindings(m, ref, facts.outcomes.get(i), facts, lang)
      : statuteFindings(m, facts);
    items.push({
      start: m.span.start,
      end: m.span.end,
      text: m.text,
      findings,
      reference: ref ? 'case' : 'statute',
    });
    if (options.auditGrounding) {
      const id = ref ? (facts.outcomes.get(i)?.decisionId ?? null) : null;
      const d = id ? facts.decisions.get(id) : undefined;
      const pin = ref?.pinpoints[0] ?? null;
      const source = id ? facts.sources.get(id) : undefined;
      const grounding = source && pin ? (composeErwaegung(source.erwaegungen, pin)?.text ?? null) : null;
      citations.push({
        text: m.text,
        kind: m.kind,
        position: { start: m.span.start, end: m.span.end },
        ok: findings.length === 0,
        decision_id: id,
        pinpoints: [...(ref?.pinpoints ?? [])],
        citation_string_de: d ? facts.cite(d, 'de', pin) : null,
        canonical_url: d ? facts.canonicalUrl(d, pin) : null,
        grounding: grounding ? excerptAtSentence(grounding) : null,
      });
    }
  });
  for (const b of scan.impossibleBge) {
    const findings = [
      E(
        'citation',
        `${b.text} does not exist: the official collection runs from volume 1 (1875) to volume ${b.lastVolume} (${b.lastVolume + 1874}).`,
        'Check the volume number of the reference.',
      ),
    ];
    items.push({ start: b.start, end: b.end, text: b.text, findings, reference: 'case' });
    if (options.auditGrounding) {
      citations.push({
        text: b.text,
        kind: 'bge',
        position: { start: b.start, end: b.end },
        ok: false,
        decision_id: null,
        pinpoints: [],
        citation_string_de: null,
        canonical_url: null,
        grounding: null,
      });
    }
  }
  citations.sort((a, b) => a.position.start - b.position.start);
  scan.quotations.forEach((q, k) => {
    const findings = quotationFindings(q, scan.quoteOwners[k] ?? null, scan, facts);
    if (findings.length > 0)
      items.push({
        start: q.start,
        end: q.end,
        text: draft.slice(q.start, q.end),
        findings,
        reference: false,
      });
  });
  items.sort((a, b) => a.start - b.start || a.end - b.end);

  const issues: AttestIssue[] = [];
  const firstIssue = new Map<Item, number>();
  for (const item of items) {
    for (const f of item.findings) {
      if (!firstIssue.has(item)) firstIssue.set(item, issues.length + 1);
      issues.push({
        position: { start: item.start, end: item.end },
        text: item.text,
        kind: f.kind,
        severity: f.severity,
        problem: f.problem,
        suggestion: f.suggestion,
      });
    }
  }
  const cases = items.filter((i) => i.reference === 'case');
  const statutes = items.filter((i) => i.reference === 'statute');
  const response: AttestResponse = {
    ok: !issues.some((i) => i.severity === 'error'),
    citations_found: cases.length,
    citations_ok: cases.filter((i) => i.findings.length === 0).length,
    statute_references_found: statutes.length,
    statute_references_ok: statutes.filter((i) => i.findings.length === 0).length,
    issues_count: issues.length,
    annotated_text: annotate(draft, items, firstIssue),
    issues,
    language: scan.language,
    ...(options.auditGrounding ? { citations } : {}),
  };
  return response;
}

/** The draft with `[✓]` after each verified reference and `[✗ n]` after each item with issue n. */
function annotate(draft: string, items: readonly Item[], firstIssue: ReadonlyMap<Item, number>): string {
  const marks = items
    .map((item) => {
      const n = firstIssue.get(item);
      return { at: item.end, mark: n === undefined ? ' [✓]' : ` [✗ ${n}]` };
    })
    .sort((a, b) => a.at - b.at);
  let out = '';
  let last = 0;
  for (const { at, mark } of marks) {
    out += draft.slice(last, at) + mark;
    last = at;
  }
  return out + draft.slice(last);
}
