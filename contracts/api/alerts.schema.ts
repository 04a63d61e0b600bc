import { z } from 'zod';
import { dateOrder, decisionSearchFields } from './decisions.schema.ts';

const CRITERIA = [
  'query',
  'q',
  'court',
  'canton',
  'language',
  'date_from',
  'date_to',
  'chamber',
  'decision_type',
] as const;

export const createAlertBody = z
  .strictObject({
    ...decisionSearchFields,
    webhook_url: z
      .url({ protocol: /^https?$/, error: 'Input should be an http or https URL' })
      .max(2000)
      .nullable()
      .optional()
      .describe(
        'Where each matching decision is POSTed (signed); absent or null: the alert has an Atom feed instead',
      ),
  })
  .superRefine(dateOrder)
  .superRefine((body, ctx) => {
    const given = CRITERIA.some((k) => {
      const v = body[k];
      return typeof v === 'string' && v.trim() !== '';
    });
    if (!given)
      ctx.addIssue({
        code: 'custom',
        path: ['query'],
        message: `An alert needs a search text or at least one filter (${CRITERIA.join(', ')})`,
        input: body,
      });
  })
  .describe('A saved search: the text and filters of GET /decisions, and optionally a webhook');
export type CreateAlertBody = z.infer<typeof createAlertBody>;

export const alertCreated = z.object({
  alert_id: z.string(),
  secret: z
    .string()
    .describe(
      'Shown once: deletes the alert (X-Alert-Secret header) and keys the HMAC-SHA256 webhook signatures',
    ),
  webhook_url: z.string().nullable(),
  feed_url: z.string().nullable().describe('The Atom feed of the matches (alerts without a webhook)'),
  created_at: z.string(),
  search: z.record(z.string(), z.string()).describe('The search text and filters as stored'),
});

export const alertParams = z.object({ alert_id: z.string().min(1).max(100) });

/**
 * The feed's path element `{alert_id}.xml` as one parameter: a parameter with a static suffix
 * would leave values the router cannot match (line breaks) to the not-found handler.
 */
export const alertFeedParams = z.object({
  alert_feed: z
    .string()
    .max(104)
    .regex(/^[^/]+\.xml$/, 'Input should be an alert id followed by .xml')
    .transform((s) => s.slice(0, -'.xml'.length))
    .describe('The alert id followed by .xml'),
});

export const alertSecretHeaders = z.object({
  'x-alert-secret': z.string().min(1).max(200).describe('The secret returned when the alert was created'),
});
