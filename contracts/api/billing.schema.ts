import { z } from 'zod';
import { LICENSE_KEY_PATTERN } from '../billing/license-key-format.ts';
import { SUPPORT_LEVELS } from './citation.schema.ts';

export const SELECTED_TEXT_MAX = 5000;
export const CASE_REF_MAX = 200;
export const STATEMENT_MAX = 2000;

const url = z.url({ protocol: /^https?$/, error: 'Input should be a valid http or https URL' }).max(2000);

export const checkoutQuery = z.object({
  success_url: url
    .optional()
    .describe(
      "Where the payment page returns after payment (default: the companion site's page); {CHECKOUT_SESSION_ID} is added when absent",
    ),
  cancel_url: url
    .optional()
    .describe("Where the payment page returns on cancel (default: the companion site's start page)"),
  locale: z
    .enum(['de', 'fr', 'it', 'en', ''])
    .default('')
    .describe('Language of the payment page (empty: the browser language)'),
});

export const checkoutResponse = z.object({
  url: z.string().describe("The payment provider's checkout page"),
  session_id: z.string(),
});

export const sessionQuery = z.object({
  session_id: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9_]+$/, 'Input should be a checkout session id')
    .describe('Checkout session id'),
});

export const licenseResponse = z.object({
  license_key: z.string().describe('The Pro license key; the same for every call with this session'),
  plan: z.string(),
});

export const licenseKeyParam = z
  .string()
  .max(200)
  .regex(LICENSE_KEY_PATTERN, 'Input should be a license key (product prefix and 43 letters or digits)');

export const keyQuery = z.object({ key: licenseKeyParam.describe('License key') });

export const validateResponse = z.object({
  valid: z.boolean().describe('The key belongs to a license'),
  active: z.boolean().describe('Its subscription is active or trialing'),
  status: z
    .string()
    .nullable()
    .describe("The subscription's status (active, trialing, past_due, canceled, ...)"),
  current_period_end: z.string().nullable().describe('End of the paid period, ISO'),
  cancel_at_period_end: z.boolean().nullable(),
  plan: z.string().nullable(),
});

export const portalResponse = z.object({ url: z.string() });

export const adminQuery = z.object({ token: z.string().max(500).optional().describe('Dashboard token') });

export const adminResponse = z.object({
  subscribers: z.object({
    active: z.number().int(),
    trialing: z.number().int(),
    past_due: z.number().int(),
    canceled: z.number().int(),
    other: z.number().int(),
  }),
  mrr_chf: z.number().describe('Monthly recurring revenue of active and past-due subscriptions, CHF'),
  licenses_issued: z.number().int(),
  failed_invoices_open: z
    .number()
    .int()
    .describe('Invoices whose payment failed and that are not paid since'),
  signups_per_month: z.array(z.object({ month: z.string(), signups: z.number().int() })),
});

export const webhookResponse = z.object({
  received: z.boolean(),
  recorded: z
    .boolean()
    .describe('The event was appended to the billing stream (false: a kind billing ignores)'),
});

const proLang = z.enum(['de', 'fr', 'it']).default('de');
// Missing or malformed keys are answered 401 by the route (an authentication failure), not 422.
const licenseKeyField = z
  .string()
  .max(200)
  .optional()
  .describe('License key (required; 401 without a valid one)');

export const verifyRequest = z.object({
  license_key: licenseKeyField,
  selected_text: z.string().min(1).max(SELECTED_TEXT_MAX),
  case_ref: z.string().min(1).max(CASE_REF_MAX).describe('Decision id, docket number or BGE reference'),
  lang: proLang,
});

export const findSupportRequest = z.object({
  license_key: licenseKeyField,
  statement: z.string().min(1).max(STATEMENT_MAX),
  lang: proLang,
});

const excerpts = {
  supports: z.enum(SUPPORT_LEVELS),
  confidence: z.number().min(0).max(1),
  supporting_excerpt: z.string().nullable().describe('Verbatim from the decision, else null'),
  qualifying_excerpt: z.string().nullable(),
  reasoning: z.string(),
  excerpts_dropped: z.array(z.string()),
  citation_string: z.string().describe('Citation string in the requested language'),
  citation_string_de: z.string(),
  citation_string_fr: z.string(),
  citation_string_it: z.string(),
  canonical_url: z.string(),
};

export const verifyResponse = z.object({
  case_ref: z.string(),
  decision_id: z.string(),
  title: z.string().nullable(),
  regeste: z.string().nullable(),
  rule_statement: z.string().nullable(),
  judge: z.string(),
  ...excerpts,
});

export const findSupportResponse = z.object({
  statement: z.string(),
  query: z.string().describe('The search the statement was turned into'),
  statutes: z.array(z.string()).describe('Statute references found in the statement'),
  judge: z.string(),
  results: z.array(
    z.object({
      decision_id: z.string(),
      title: z.string().nullable(),
      decision_date: z.string().nullable(),
      score: z.number().min(0).max(1).describe('How well the decision supports the statement'),
      ...excerpts,
    }),
  ),
});
