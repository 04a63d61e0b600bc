/**
 * GET /doctrine: statute text, authority-ranked leading decisions, a year-by-year doctrine
 * timeline and a commentary excerpt for a topic, a statute reference or a concept.
 */
import { z } from 'zod';
import { commentarySearchHit } from './commentaries.schema.ts';
import { graphDecision, leadingCase } from './graph.schema.ts';
import { lawLanguage, requiredQueryText } from './law-params.ts';

/** Leading decisions a doctrine answer lists (and places on its timeline). */
export const DOCTRINE_LEADING_DECISIONS = 10;

export const doctrineQuery = z.object({
  query: requiredQueryText.describe(
    'A topic (Kündigung Mietvertrag), a statute reference (Art. 41 OR, art. 41 CO, art. 8 al. 2 Cst.) or a concept (Treu und Glauben, bonne foi); the query language of /decisions',
  ),
  language: lawLanguage
    .optional()
    .describe(
      'de, fr or it: language of the statute text and the commentary excerpt (default: the language of the statute reference, else that of most leading decisions, else de)',
    ),
});
export type DoctrineQuery = z.infer<typeof doctrineQuery>;

export const DOCTRINE_KINDS = ['statute_reference', 'concept', 'topic'] as const;

export const doctrineStatute = z.object({
  citation: z.string().describe('Art. 41 OR / art. 41 CO: the provision in the served language'),
  sr_number: z.string(),
  abbreviation: z.string(),
  title: z.string(),
  article: z.string(),
  heading: z.string().nullable(),
  text: z.string().describe('The article as the statute collection holds it, verbatim'),
  consolidation_date: z.string(),
  language: z.string(),
  eli: z.string().nullable(),
  url: z.string().describe('The /laws lookup of the article'),
  basis: z
    .enum(['query', 'concept', 'applied_by_leading_decisions'])
    .describe(
      'query: the provision the query names; concept: an article whose wording uses the concept; applied_by_leading_decisions: the provision the leading decisions apply most',
    ),
  applied_by_leading_decisions: z.int().describe('Leading decisions listed here that apply the provision'),
});
export type DoctrineStatute = z.infer<typeof doctrineStatute>;

const timelineDecision = graphDecision.pick({
  decision_id: true,
  court: true,
  decision_date: true,
  language: true,
  docket_number: true,
  citation_string_de: true,
  citation_string_fr: true,
  citation_string_it: true,
  canonical_url: true,
});

export const timelineEvent = z.object({
  kind: z.enum(['first_decision', 'leading_decision', 'change_of_practice']),
  decision: timelineDecision,
  rank: z.int().nullable().describe('leading_decision: rank among the leading decisions'),
  change: z
    .object({
      departs_from: timelineDecision.describe('The earlier decision whose practice is changed'),
      reference: z.string().describe('How the later decision cites it, as written'),
      marker: z.string().describe('The words announcing the change, as written'),
      excerpt: z
        .string()
        .describe('The passage of the later decision holding reference and marker, verbatim'),
      confidence: z.number().describe('Confidence of the citation edge (see /citations)'),
    })
    .nullable()
    .describe('change_of_practice: what changed and where the decision says so'),
});

export const doctrineResponse = z.object({
  query: z.string(),
  kind: z
    .enum(DOCTRINE_KINDS)
    .describe(
      'statute_reference: the query names a provision of a federal act; concept: its words are used by the wording of a federal article; topic: otherwise',
    ),
  language: z.string(),
  statute: doctrineStatute.nullable(),
  leading_decisions: z.array(leadingCase).describe('Authority-ranked as /leading-cases ranks them'),
  leading_decisions_context: z.int().describe('Decisions applying the provision and/or matching the query'),
  ranking: z.string(),
  timeline: z
    .array(z.object({ year: z.int(), events: z.array(timelineEvent) }))
    .describe('Years with an event, oldest first'),
  timeline_rule: z.string(),
  commentary: commentarySearchHit
    .omit({ snippet: true, score: true })
    .extend({
      basis: z
        .enum(['query', 'statute'])
        .describe('Found by the query words, or the commentary of the statute shown'),
      lookup_url: z
        .string()
        .nullable()
        .describe('The /commentaries lookup of the whole commentary (null when it names no act)'),
    })
    .nullable()
    .describe('One commentary paragraph, verbatim, with its margin number and source'),
  notes: z.array(z.string()).describe('What was not found, and why'),
  generator: z.literal('deterministic'),
});
export type DoctrineResponse = z.infer<typeof doctrineResponse>;
