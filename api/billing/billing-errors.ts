import {
  BillingProviderRejectedError,
  BillingProviderUnavailableError,
} from '../../infra/billing/billing-provider.port.ts';
import { ClaimJudgeUnavailableError } from '../../infra/llm/claim-judge.port.ts';
import { ApiError } from '../errors.ts';

export const billingNotConfigured = () =>
  new ApiError(
    503,
    'API_BILLING_NOT_CONFIGURED',
    'Billing is not configured on this server; the Pro subscription is not available.',
  );

// PostgreSQL: the relation does not exist (the licenses read model is not created yet).
const UNDEFINED_TABLE = '42P01';

/**
 * The client-facing error of a failure in a billing route, or null when it is not a billing
 * failure (the general handler answers). Provider outages and a missing read model are 503.
 */
export function billingFailure(
  error: unknown,
  log: { warn(obj: object, msg: string): void },
): ApiError | null {
  if (error instanceof BillingProviderUnavailableError) {
    log.warn({ reason: error.message }, 'payment provider unavailable');
    return new ApiError(503, 'API_BILLING_PROVIDER_UNAVAILABLE', `${error.message} Please retry later.`);
  }
  if (error instanceof BillingProviderRejectedError) {
    log.warn({ reason: error.message }, 'payment provider rejected a request');
    return new ApiError(400, 'API_BILLING_PROVIDER_REJECTED', 'The payment provider rejected the request.');
  }
  if (error instanceof ClaimJudgeUnavailableError) {
    log.warn({ reason: error.message }, 'language model unavailable');
    return new ApiError(
      503,
      'API_JUDGE_UNAVAILABLE',
      `${error.message} No verdict was made; please retry later.`,
    );
  }
  if ((error as { code?: unknown } | null)?.code === UNDEFINED_TABLE) {
    log.warn({}, 'licenses read model not created yet');
    return new ApiError(503, 'API_BILLING_NOT_READY', 'Billing is starting; please retry shortly.');
  }
  return null;
}
