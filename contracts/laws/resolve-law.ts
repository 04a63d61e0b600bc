import { CANTONS, JURISDICTIONS, type CantonCode, type Jurisdiction } from '../courts/cantons.ts';
import {
  aliasByKey,
  DELIBERATE_MISSES,
  EDITION_NAMES,
  type AliasKind,
  type LawAliasEntry,
  type SectionHeading,
} from './alias-table.ts';
import { matchCollectionLabel, type CollectionLabel } from './collection-labels.ts';
import {
  federalActBySr,
  federalActByStoredAbbreviation,
  LAW_LANGUAGES,
  type FederalAct,
  type LawLanguage,
} from './federal-acts.ts';
import {
  caseKeptLawKey,
  isFederalSrNumber,
  isPlausibleCantonalSrNumber,
  normaliseLawKey,
} from './law-key.ts';

/**
 * Resolution of the path name of `GET /laws/{abbreviation}` (spec api.md, "Law alias table",
 * rules 1-8; Errors 4 and 6) to an SR number and canton. Pure: the cantonal collection stays
 * outside `contracts/` and is injected as {@link CantonalCandidatesLookup}. Never throws on user
 * input; every failure is a `miss` whose `reason` names the input.
 *
 * Order of resolution:
 * 1. Rule 8: a second path element that is a canton code (either order) sets the canton.
 * 2. The literal `_`: a lookup by `sr_number` (federal for CH, cantonal otherwise).
 * 3. A name shaped like a federal SR number (`210`, `0.101`): a lookup by that number.
 * 4. Rule 6: systematic-collection labels (LS -> ZH ...); the repeating labels are misses.
 * 5. Canton other than CH: the cantonal collection (injected) first; a federal name that is not a
 *    cantonal act resolves federally with a note (federal law is the same in every canton).
 * 6. Rule 5: the deliberate misses.
 * 7. Rule 2: stored abbreviations (de, fr, it). 8. The alias table (rules 4 and 7; kinds).
 * 9. Otherwise a miss (Error 4) with cantonal candidates where the collection knows the name.
 */

export interface CantonalCandidate {
  readonly canton: CantonCode;
  readonly sr_number: string;
  readonly title: string;
  /** The stored cantonal abbreviation, when the collection has one. */
  readonly abbreviation?: string;
}

/** Cantonal acts whose name has this normalised key (rule 1), in any canton. */
export type CantonalCandidatesLookup = (normalisedName: string) => readonly CantonalCandidate[];

export interface ResolveLawInput {
  /** The path element: abbreviation, SR number, alias-table name, collection label or `_`. */
  readonly abbreviation: string;
  /** CH (federal, the default) or a canton code. */
  readonly canton?: string;
  /** Article to serve; after a collection label (LS) it is the SR number instead. */
  readonly article?: string;
  /** Served language; default de. */
  readonly language?: LawLanguage;
  /** Rule 8: the second path element (`/laws/StG/ZH` or `/laws/ZH/StG`). */
  readonly secondPathElement?: string;
  /** The `sr_number` query parameter (required with `_`). */
  readonly sr_number?: string;
  /** The cantonal collection, injected (data stays outside contracts). */
  readonly cantonalCandidates?: CantonalCandidatesLookup;
}

export type ResolvedVia = 'stored_abbreviation' | 'sr_number' | 'alias' | 'collection_label';

export interface ResolvedSection {
  /** Block identifier of the served block (`disp_u1`). */
  readonly id: string;
  /** The heading the block must carry, per language. */
  readonly heading: SectionHeading;
  /** The heading for the served language (what the read model checks the block against). */
  readonly expected_heading: string;
}

export interface LawResolved {
  readonly status: 'resolved';
  /** The name as given (after rule 8 put the canton aside). */
  readonly input: string;
  readonly normalised_key: string;
  readonly sr_number: string;
  readonly canton: Jurisdiction;
  readonly language: LawLanguage;
  readonly via: ResolvedVia;
  /** The article to serve; absent when none was asked or the value was read as the SR number. */
  readonly article?: string;
  /** The known federal act (absent for cantonal acts and unknown federal SR numbers). */
  readonly act?: FederalAct;
  /** Stored abbreviation in the served language, when known. */
  readonly abbreviation?: string;
  /** Title in the served language, when known. */
  readonly title?: string;
  /** Languages whose stored abbreviation matched (via stored_abbreviation, federal). */
  readonly matched_languages?: readonly LawLanguage[];
  readonly alias?: LawAliasEntry;
  readonly kind?: AliasKind;
  readonly note?: string;
  readonly as_of_hint?: string;
  readonly successor?: string;
  /** Kind section: only this block is served (never the main body). */
  readonly section?: ResolvedSection;
}

export const LAW_MISS_CODES = [
  'invalid_input',
  'invalid_canton',
  'invalid_language',
  'invalid_path',
  'canton_conflict',
  'canton_without_act',
  'missing_sr_number',
  'invalid_sr_number',
  'sr_number_conflict',
  'repeating_collection_label',
  'ambiguous_collection_label_case',
  'deliberately_unmapped',
  'edition_prefix_not_interpreted',
  'cantonal_ambiguous',
  'cantonal_lookup_unavailable',
  'unknown_name',
  'section_unavailable',
] as const;
export type LawMissCode = (typeof LAW_MISS_CODES)[number];

export interface LawMiss {
  readonly status: 'miss';
  readonly code: LawMissCode;
  readonly input: string;
  readonly normalised_key: string;
  /** Clear explanation naming the input. */
  readonly reason: string;
  readonly note?: string;
  /** Cantonal acts the collection knows under this name (Error 4). */
  readonly candidates: readonly CantonalCandidate[];
}

export type LawResolution = LawResolved | LawMiss;

const MAX_NAME_LENGTH = 200;
const EDITION_LIST = EDITION_NAMES.join(', ');
const DELIBERATE_KEYS = new Set<string>(DELIBERATE_MISSES.map((n) => normaliseLawKey(n)));

/** Shows a user value in a message: quoted, control characters removed, cut to 80 characters. */
function show(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return `'${clean.length > 80 ? `${clean.slice(0, 77)}...` : clean}'`;
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : undefined;
}

function asJurisdiction(value: string): Jurisdiction | undefined {
  const upper = value.trim().toUpperCase();
  return (JURISDICTIONS as readonly string[]).includes(upper) ? (upper as Jurisdiction) : undefined;
}

function joinNotes(...notes: readonly (string | undefined)[]): string | undefined {
  const present = notes.filter((n): n is string => n !== undefined && n.length > 0);
  return present.length > 0 ? present.join('\n') : undefined;
}

const CANTON_SET = new Set<string>(CANTONS);

/** Calls the injected lookup defensively: it may throw or return malformed rows. */
function lookupCandidates(
  lookup: CantonalCandidatesLookup | undefined,
  key: string,
  preferCanton?: Jurisdiction,
): { candidates: CantonalCandidate[]; available: boolean; failed: boolean } {
  if (!lookup || key.length === 0) return { candidates: [], available: lookup !== undefined, failed: false };
  let rows: unknown;
  try {
    rows = lookup(key);
  } catch {
    return { candidates: [], available: true, failed: true };
  }
  if (!Array.isArray(rows)) return { candidates: [], available: true, failed: true };
  const candidates: CantonalCandidate[] = [];
  const seen = new Set<string>();
  for (const row of rows as unknown[]) {
    if (typeof row !== 'object' || row === null) continue;
    const r = row as Record<string, unknown>;
    const canton = typeof r['canton'] === 'string' ? r['canton'].toUpperCase() : '';
    const sr = typeof r['sr_number'] === 'string' ? r['sr_number'].trim() : '';
    const title = typeof r['title'] === 'string' ? r['title'] : '';
    if (!CANTON_SET.has(canton) || sr.length === 0) continue;
    const id = `${canton}|${sr}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const abbreviation =
      typeof r['abbreviation'] === 'string' && r['abbreviation'].length > 0 ? r['abbreviation'] : undefined;
    candidates.push({
      canton: canton as CantonCode,
      sr_number: sr,
      title,
      ...(abbreviation !== undefined ? { abbreviation } : {}),
    });
  }
  if (preferCanton !== undefined && preferCanton !== 'CH') {
    candidates.sort((a, b) => Number(b.canton === preferCanton) - Number(a.canton === preferCanton));
  }
  return { candidates, available: true, failed: false };
}

interface Ctx {
  readonly input: string;
  readonly key: string;
  readonly language: LawLanguage;
  readonly article: string | undefined;
  readonly srParam: string | undefined;
}

function miss(
  ctx: Pick<Ctx, 'input' | 'key'>,
  code: LawMissCode,
  reason: string,
  extra: { note?: string | undefined; candidates?: readonly CantonalCandidate[] } = {},
): LawMiss {
  return {
    status: 'miss',
    code,
    input: ctx.input,
    normalised_key: ctx.key,
    reason,
    ...(extra.note !== undefined ? { note: extra.note } : {}),
    candidates: extra.candidates ?? [],
  };
}

function federalResolved(
  ctx: Ctx,
  srNumber: string,
  via: ResolvedVia,
  extra: Partial<
    Omit<LawResolved, 'status' | 'input' | 'normalised_key' | 'sr_number' | 'canton' | 'language' | 'via'>
  > = {},
): LawResolved {
  const act = federalActBySr(srNumber);
  const abbreviation = act?.abbreviation[ctx.language] ?? undefined;
  return {
    status: 'resolved',
    input: ctx.input,
    normalised_key: ctx.key,
    sr_number: srNumber,
    canton: 'CH',
    language: ctx.language,
    via,
    ...(ctx.article !== undefined ? { article: ctx.article } : {}),
    ...(act ? { act, title: act.title[ctx.language] } : {}),
    ...(abbreviation !== undefined ? { abbreviation } : {}),
    ...extra,
  };
}

/** Rules 2, 4, 7 and the kinds: the federal reading of a name, or undefined. */
function resolveFederalName(ctx: Ctx): LawResolved | undefined {
  const stored = federalActByStoredAbbreviation(ctx.key);
  if (stored) {
    return federalResolved(ctx, stored.act.sr_number, 'stored_abbreviation', {
      matched_languages: stored.languages,
    });
  }
  const entry = aliasByKey(ctx.key);
  if (!entry) return undefined;
  const section: ResolvedSection | undefined =
    entry.kind === 'section' && entry.section !== undefined && entry.section_heading !== undefined
      ? {
          id: entry.section,
          heading: entry.section_heading,
          expected_heading: entry.section_heading[ctx.language],
        }
      : undefined;
  const sectionNote =
    section !== undefined
      ? `${show(ctx.input)} names one block of SR ${entry.sr_number}: only block ${section.id} ('${section.expected_heading}') is served; when that block is not available the answer is a miss with a note, never the main body.`
      : undefined;
  const note = joinNotes(entry.note, sectionNote);
  return federalResolved(ctx, entry.sr_number, 'alias', {
    alias: entry,
    kind: entry.kind,
    ...(note !== undefined ? { note } : {}),
    ...(entry.as_of_hint !== undefined ? { as_of_hint: entry.as_of_hint } : {}),
    ...(entry.successor !== undefined ? { successor: entry.successor } : {}),
    ...(section !== undefined ? { section } : {}),
  });
}

/** Whether a federal name (stored abbreviation or alias) has this key. */
function isFederalKey(key: string): boolean {
  return federalActByStoredAbbreviation(key) !== undefined || aliasByKey(key) !== undefined;
}

/**
 * Rule 4: edition prefixes are not interpreted. Describes why an unknown name looks like a
 * prefixed one: 'a'/'n'/'rev' before a known name (ASVG = A + SVG), or written as a lower-case
 * prefix before a capital (aXYZ).
 */
function editionPrefixNote(input: string, key: string): string | undefined {
  const kept = caseKeptLawKey(input);
  for (const prefix of ['REV', 'A', 'N']) {
    if (!key.startsWith(prefix)) continue;
    const rest = key.slice(prefix.length);
    const known = rest.length >= 2 && isFederalKey(rest);
    const written = new RegExp(`^${prefix.toLowerCase()}\\p{Lu}`, 'u').test(kept);
    if (known || written) {
      const restText = known
        ? ` as a former or new edition of '${rest}'`
        : ` as an edition ('${prefix.toLowerCase()}' prefix) of another act`;
      return `Edition prefixes are not interpreted: ${show(input)} is not read${restText}. Only these edition names resolve: ${EDITION_LIST}. For a former text, ask for the act in force with as_of.`;
    }
  }
  return undefined;
}

type Found = ReturnType<typeof lookupCandidates>;

function unknownNameMiss(ctx: Ctx, found: Found): LawMiss {
  const candidateNote =
    found.candidates.length > 0
      ? `The cantonal collection knows this name in: ${[...new Set(found.candidates.map((c) => c.canton))].join(', ')}; ask with the canton as second path element (/laws/{name}/{canton}).`
      : found.failed
        ? 'The cantonal collection could not be consulted for candidates.'
        : undefined;
  if (DELIBERATE_KEYS.has(ctx.key)) {
    return miss(
      ctx,
      'deliberately_unmapped',
      `${show(ctx.input)} is deliberately not mapped to a federal act (alias table, rule 5); it is not resolved.`,
      {
        note: candidateNote,
        candidates: found.candidates,
      },
    );
  }
  const prefixNote = editionPrefixNote(ctx.input, ctx.key);
  if (prefixNote !== undefined) {
    return miss(
      ctx,
      'edition_prefix_not_interpreted',
      `${show(ctx.input)} is not a stored abbreviation or an alias-table name.`,
      {
        note: joinNotes(prefixNote, candidateNote),
        candidates: found.candidates,
      },
    );
  }
  return miss(
    ctx,
    'unknown_name',
    `${show(ctx.input)} is not a stored abbreviation or an alias-table name of a federal act or treaty.`,
    {
      note: candidateNote,
      candidates: found.candidates,
    },
  );
}

function srConflict(ctx: Ctx, resolved: LawResolved): LawMiss | undefined {
  if (ctx.srParam === undefined || ctx.srParam === resolved.sr_number) return undefined;
  return miss(
    ctx,
    'sr_number_conflict',
    `${show(ctx.input)} resolves to SR ${resolved.sr_number}${resolved.canton !== 'CH' ? ` (${resolved.canton})` : ''}, but sr_number ${show(ctx.srParam)} was given.`,
  );
}

function resolveLabel(
  ctx: Ctx,
  label: CollectionLabel,
  explicitCanton: Jurisdiction | undefined,
  pathSr: string | undefined,
): LawResolution {
  if (explicitCanton !== undefined && explicitCanton !== 'CH' && explicitCanton !== label.canton) {
    return miss(
      ctx,
      'canton_conflict',
      `${show(ctx.input)} is the systematic collection of canton ${label.canton}, but canton ${explicitCanton} was given.`,
    );
  }
  // The SR number: a second path element, else the sr_number parameter, else the article value.
  let sr: string | undefined;
  let article = ctx.article;
  if (pathSr !== undefined) sr = pathSr;
  else if (ctx.srParam !== undefined) sr = ctx.srParam;
  else {
    sr = ctx.article;
    article = undefined;
  }
  if (sr === undefined) {
    return miss(
      ctx,
      'missing_sr_number',
      `${show(ctx.input)} is the systematic collection of canton ${label.canton}; the SR number is missing (give it as article, e.g. ${label.label} with article 211.1).`,
    );
  }
  if (!isPlausibleCantonalSrNumber(sr)) {
    return miss(
      ctx,
      'invalid_sr_number',
      `${show(sr)} after ${show(ctx.input)} (canton ${label.canton}) is not a systematic number.`,
    );
  }
  return {
    status: 'resolved',
    input: ctx.input,
    normalised_key: ctx.key,
    sr_number: sr,
    canton: label.canton,
    language: ctx.language,
    via: 'collection_label',
    ...(article !== undefined ? { article } : {}),
    note: `${show(ctx.input)} is the systematic collection of canton ${label.canton}: read as canton ${label.canton}, SR ${sr}.`,
  };
}

/** Resolves a law name (rules 1-8). Never throws on user input. */
export function resolveLawName(input: ResolveLawInput): LawResolution {
  try {
    return resolveUnsafe(input);
  } catch (error) {
    // Defensive: a bug must not turn user input into a 500; report it as a miss.
    const raw = typeof input?.abbreviation === 'string' ? input.abbreviation : '';
    return miss(
      { input: raw, key: '' },
      'invalid_input',
      `${show(raw)} could not be resolved (${error instanceof Error ? error.message : 'internal error'}).`,
    );
  }
}

function resolveUnsafe(input: ResolveLawInput): LawResolution {
  const rawName = text(input?.abbreviation);
  const second = text(input?.secondPathElement);
  const srParam = text(input?.sr_number);
  const article = text(input?.article);
  const lookup = typeof input?.cantonalCandidates === 'function' ? input.cantonalCandidates : undefined;
  const shown = rawName ?? '';

  if (rawName === undefined)
    return miss({ input: shown, key: '' }, 'invalid_input', 'The law name is empty.');
  if (rawName.length > MAX_NAME_LENGTH) {
    return miss(
      { input: rawName, key: '' },
      'invalid_input',
      `The law name ${show(rawName)} is longer than ${MAX_NAME_LENGTH} characters.`,
    );
  }
  if (second !== undefined && second.length > MAX_NAME_LENGTH) {
    return miss(
      { input: rawName, key: '' },
      'invalid_path',
      `The second path element ${show(second)} is longer than ${MAX_NAME_LENGTH} characters.`,
    );
  }

  const languageRaw = input?.language;
  if (languageRaw !== undefined && !(LAW_LANGUAGES as readonly string[]).includes(languageRaw)) {
    return miss(
      { input: rawName, key: normaliseLawKey(rawName) },
      'invalid_language',
      `Language ${show(String(languageRaw))} for ${show(rawName)} is not one of de, fr, it.`,
    );
  }
  const language: LawLanguage = languageRaw ?? 'de';

  // Rule 8: the canton as second path element, in either order.
  let name = rawName;
  let pathCanton: Jurisdiction | undefined;
  let pathSr: string | undefined;
  if (second !== undefined) {
    const firstCanton = asJurisdiction(rawName);
    const secondCanton = asJurisdiction(second);
    if (firstCanton && secondCanton) {
      return miss(
        { input: `${rawName}/${second}`, key: '' },
        'invalid_path',
        `Both path elements ${show(rawName)} and ${show(second)} are canton codes; one of them must name the act.`,
      );
    } else if (secondCanton) {
      pathCanton = secondCanton;
    } else if (firstCanton) {
      pathCanton = firstCanton;
      name = second;
    } else {
      const label = matchCollectionLabel(rawName);
      if ((label.status !== 'none' || rawName === '_') && isPlausibleCantonalSrNumber(second)) {
        pathSr = second;
      } else {
        return miss(
          { input: rawName, key: normaliseLawKey(rawName) },
          'invalid_path',
          `The second path element ${show(second)} after ${show(rawName)} is not a canton code (CH, ZH, BE, ...).`,
        );
      }
    }
  }

  const key = normaliseLawKey(name);
  const ctx: Ctx = { input: name, key, language, article, srParam };

  const cantonParamRaw = text(input?.canton);
  const cantonParam = cantonParamRaw !== undefined ? asJurisdiction(cantonParamRaw) : undefined;
  if (cantonParamRaw !== undefined && cantonParam === undefined) {
    return miss(
      ctx,
      'invalid_canton',
      `Canton ${show(cantonParamRaw)} for ${show(name)} is not CH or a canton code.`,
    );
  }
  if (
    pathCanton !== undefined &&
    cantonParam !== undefined &&
    cantonParam !== 'CH' &&
    cantonParam !== pathCanton
  ) {
    return miss(
      ctx,
      'canton_conflict',
      `The path names canton ${pathCanton} for ${show(name)}, but canton ${cantonParam} was given.`,
    );
  }
  /** A canton the caller named (path or a non-default parameter). */
  const explicitCanton: Jurisdiction | undefined =
    pathCanton ?? (cantonParam !== 'CH' ? cantonParam : undefined);
  const canton: Jurisdiction = explicitCanton ?? 'CH';

  // The literal underscore: a lookup by sr_number.
  if (name === '_') {
    const sr = pathSr ?? srParam;
    const underscoreCtx: Ctx = { ...ctx, key: '_', srParam: undefined };
    if (sr === undefined) {
      return miss(
        underscoreCtx,
        'missing_sr_number',
        `'_' asks for a lookup by SR number, but no sr_number was given${canton !== 'CH' ? ` (canton ${canton})` : ''}.`,
      );
    }
    if (canton === 'CH') {
      if (!isFederalSrNumber(sr))
        return miss(
          underscoreCtx,
          'invalid_sr_number',
          `${show(sr)} is not a federal SR number (e.g. 210, 0.101).`,
        );
      return federalResolved(underscoreCtx, sr, 'sr_number');
    }
    if (!isPlausibleCantonalSrNumber(sr))
      return miss(
        underscoreCtx,
        'invalid_sr_number',
        `${show(sr)} is not a systematic number of canton ${canton}.`,
      );
    return cantonalBySr(underscoreCtx, canton, sr);
  }

  if (key.length === 0)
    return miss(ctx, 'invalid_input', `The law name ${show(name)} is empty after normalisation.`);

  // A name shaped like an SR number.
  if (isFederalSrNumber(name)) {
    const resolved =
      canton === 'CH' ? federalResolved(ctx, name, 'sr_number') : cantonalBySr(ctx, canton, name);
    return srConflict(ctx, resolved) ?? resolved;
  }

  // A canton code alone names no act.
  if (asJurisdiction(name) !== undefined) {
    return miss(
      ctx,
      'canton_without_act',
      `${show(name)} is a canton code, not an act; give the act as well (/laws/{act}/${name.toUpperCase()}).`,
    );
  }

  // Rule 6: systematic-collection labels.
  const label = matchCollectionLabel(name);
  switch (label.status) {
    case 'label':
      return resolveLabel(ctx, label.label, explicitCanton, pathSr);
    case 'repeating':
      return miss(
        ctx,
        'repeating_collection_label',
        `${show(name)} is a systematic-collection label used by several cantons (GS, BGS, SGS and RB repeat) and is not mapped.`,
        {
          note: "Ask with the canton code and the SR number instead: abbreviation '_' with canton and sr_number.",
        },
      );
    case 'ambiguous_case':
      return miss(
        ctx,
        'ambiguous_collection_label_case',
        `${show(name)} matches two collection labels that differ only by case: '${label.label.label}' (canton ${label.label.canton}) and '${label.repeating}' (used by several cantons, not mapped).`,
        {
          note: `Write '${label.label.label}' exactly for canton ${label.label.canton}, or ask with abbreviation '_', the canton and sr_number.`,
        },
      );
    case 'none':
      break;
  }

  // Rule 8: a cantonal act in its canton (the cantonal collection first).
  if (canton !== 'CH') {
    const found = lookupCandidates(lookup, key, canton);
    const inCanton = found.candidates.filter((c) => c.canton === canton);
    // With sr_number given it must name one of the canton's acts of this name; otherwise the
    // name must be unique in the canton.
    const pick =
      srParam !== undefined
        ? inCanton.find((c) => c.sr_number === srParam)
        : inCanton.length === 1
          ? inCanton[0]
          : undefined;
    if (pick === undefined && srParam !== undefined && inCanton.length > 0) {
      return miss(
        ctx,
        'sr_number_conflict',
        `${show(name)} in canton ${canton} is SR ${inCanton.map((c) => c.sr_number).join(' or ')}, but sr_number ${show(srParam)} was given.`,
        { candidates: inCanton },
      );
    }
    if (pick) {
      return {
        status: 'resolved',
        input: name,
        normalised_key: key,
        sr_number: pick.sr_number,
        canton,
        language,
        via: 'stored_abbreviation',
        ...(article !== undefined ? { article } : {}),
        abbreviation: pick.abbreviation ?? name,
        ...(pick.title.length > 0 ? { title: pick.title } : {}),
      };
    }
    if (inCanton.length > 1) {
      return miss(
        ctx,
        'cantonal_ambiguous',
        `${show(name)} names ${inCanton.length} acts of canton ${canton}; give sr_number to choose one.`,
        {
          candidates: inCanton,
        },
      );
    }
    const deliberate = DELIBERATE_KEYS.has(key);
    const federal = deliberate ? undefined : resolveFederalName(ctx);
    if (federal) {
      const note = joinNotes(
        federal.note,
        `${show(name)} is not an act of canton ${canton} in the cantonal collection; it names federal SR ${federal.sr_number}, served as federal law (canton CH).`,
      );
      const withNote: LawResolved = { ...federal, ...(note !== undefined ? { note } : {}) };
      return srConflict(ctx, withNote) ?? withNote;
    }
    if (!deliberate && (!found.available || found.failed)) {
      return miss(
        ctx,
        'cantonal_lookup_unavailable',
        `${show(name)} is not a federal name, and the cantonal collection of canton ${canton} could not be consulted.`,
      );
    }
    const base = unknownNameMiss(ctx, found);
    if (base.code !== 'unknown_name') return base;
    return {
      ...base,
      reason: `${show(name)} is not an act of canton ${canton} in the cantonal collection, nor a federal name.`,
    };
  }

  // Federal: deliberate misses, stored abbreviations, the alias table.
  if (!DELIBERATE_KEYS.has(key)) {
    const federal = resolveFederalName(ctx);
    if (federal) return srConflict(ctx, federal) ?? federal;
  }
  return unknownNameMiss(ctx, lookupCandidates(lookup, key, canton));
}

/** A cantonal act by its systematic number (opaque per canton; existence is the store's to say). */
function cantonalBySr(ctx: Ctx, canton: Exclude<Jurisdiction, 'CH'>, sr: string): LawResolved {
  return {
    status: 'resolved',
    input: ctx.input,
    normalised_key: ctx.key,
    sr_number: sr,
    canton,
    language: ctx.language,
    via: 'sr_number',
    ...(ctx.article !== undefined ? { article: ctx.article } : {}),
  };
}

/** The block as the statute store serves it (null heading: the block has none). */
export interface ServedBlock {
  readonly id: string;
  readonly heading: string | null;
}

function sameHeading(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFC')
      .replace(/\u2019/g, "'")
      .replace(/\s+/g, ' ')
      .trim();
  return norm(a) === norm(b);
}

/**
 * For the statute read model: a section resolution (kind section) is served only when the served
 * block is the named block and carries the expected heading in the served language; otherwise the
 * answer is a miss with a note, never the main body (spec: kind section; Error 4). Any other
 * resolution passes through unchanged.
 */
export function checkServedSection(
  resolution: LawResolution,
  served: ServedBlock | undefined,
): LawResolution {
  if (resolution.status !== 'resolved' || resolution.section === undefined) return resolution;
  const { section } = resolution;
  const ctx = { input: resolution.input, key: resolution.normalised_key };
  const expected = `block ${section.id} of SR ${resolution.sr_number} with heading '${section.expected_heading}' (${resolution.language})`;
  if (served === undefined) {
    return miss(
      ctx,
      'section_unavailable',
      `${show(resolution.input)} names ${expected}, which is not available.`,
      {
        note: 'Only the named block is served for a section name, never the main body of the act.',
      },
    );
  }
  if (
    served.id !== section.id ||
    served.heading === null ||
    !sameHeading(served.heading, section.expected_heading)
  ) {
    return miss(
      ctx,
      'section_unavailable',
      `${show(resolution.input)} names ${expected}, but the available block is ${served.id}${served.heading !== null ? ` with heading '${served.heading}'` : ' without a heading'}.`,
      { note: 'Only the named block is served for a section name, never the main body of the act.' },
    );
  }
  return resolution;
}
