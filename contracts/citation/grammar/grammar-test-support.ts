/**
 * Row builders shared by the grammar's table tests: each builds the exact expected projection of
 * one {@link CitationMatch}, so a table row reads `B('BGE 140 III 86 E. 2.3', 'BGE 140 III 86', ['2.3'])`.
 */
import type { Jurisdiction } from '../../courts/cantons.ts';
import { decisionIdFor } from '../../courts/decision-id.ts';
import {
  findCitations,
  type CitationMatch,
  type FindCitationsOptions,
  type GrammarLanguage,
} from './find-citations.ts';

/** Tests pin the year so that BGE volume bounds do not move with the clock. */
export const YEAR = 2026;

export interface Projection {
  readonly kind: CitationMatch['kind'];
  readonly text: string;
  readonly key: string;
  readonly court: string | null;
  readonly canton: Jurisdiction | null;
  readonly decisionId: string | null;
  readonly pinpoints: readonly string[];
  readonly statedDate: string | null;
}

export function project(m: CitationMatch): Projection {
  return {
    kind: m.kind,
    text: m.text,
    key: m.key,
    court: m.court,
    canton: m.canton,
    decisionId: m.decisionId,
    pinpoints: m.pinpoints,
    statedDate: m.statedDate ?? null,
  };
}

export function find(text: string, options: Omit<FindCitationsOptions, 'currentYear'> = {}): CitationMatch[] {
  return findCitations(text, { currentYear: YEAR, ...options });
}

export function findProjected(text: string, language?: GrammarLanguage): Projection[] {
  return find(text, language ? { language } : {}).map(project);
}

/** BGE / ATF / DTF. */
export function B(
  text: string,
  key: string,
  pinpoints: readonly string[] = [],
  statedDate: string | null = null,
): Projection {
  return {
    kind: 'bge',
    text,
    key,
    court: 'bge',
    canton: 'CH',
    decisionId: decisionIdFor('bge', key),
    pinpoints,
    statedDate,
  };
}

/** A federal docket (court from its shape; `bger` by default). */
export function D(
  text: string,
  key: string,
  court = 'bger',
  pinpoints: readonly string[] = [],
  statedDate: string | null = null,
): Projection {
  return {
    kind: 'docket',
    text,
    key,
    court,
    canton: 'CH',
    decisionId: decisionIdFor(court, key),
    pinpoints,
    statedDate,
  };
}

/** BVGE / ATAF / DTAF (no decision id: the collection number does not name the docket). */
export function V(text: string, key: string, pinpoints: readonly string[] = []): Projection {
  return {
    kind: 'bvge',
    text,
    key,
    court: 'bvger',
    canton: 'CH',
    decisionId: null,
    pinpoints,
    statedDate: null,
  };
}

/** MKGE / ATMC / STMC. */
export function M(text: string, key: string, pinpoints: readonly string[] = []): Projection {
  return {
    kind: 'mkge',
    text,
    key,
    court: 'mkg',
    canton: 'CH',
    decisionId: decisionIdFor('mkg', key),
    pinpoints,
    statedDate: null,
  };
}

/** A cantonal docket after a named court (court key null when the registry lacks the court). */
export function K(
  text: string,
  key: string,
  court: string | null,
  canton: Jurisdiction | null,
  statedDate: string | null = null,
  pinpoints: readonly string[] = [],
): Projection {
  return {
    kind: 'cantonal',
    text,
    key,
    court,
    canton,
    decisionId: court ? decisionIdFor(court, key) : null,
    pinpoints,
    statedDate,
  };
}

/** A statute reference. */
export function S(text: string, key: string, canton: Jurisdiction | null = 'CH'): Projection {
  return {
    kind: 'statute',
    text,
    key,
    court: null,
    canton,
    decisionId: null,
    pinpoints: [],
    statedDate: null,
  };
}
