import type { ApiDeps } from './api-deps.ts';

/** The environment fields the API needs (a subset of the deployables' parsed config). */
export interface ApiEnvSubset {
  readonly HOST: string;
  readonly PORT: number;
  readonly BASE_PATH: string;
  readonly PUBLIC_BASE_URL?: string | undefined;
  readonly STALE_AFTER_HOURS: number;
  readonly MAX_SEARCH_RESPONSE_CHARS: number;
}

/** API dependencies from the parsed environment and the opened read models, with the real clock. */
export function apiDepsFrom(
  env: ApiEnvSubset,
  readModels: Pick<ApiDeps, 'db' | 'search' | 'claimJudge'>,
  ready?: () => Promise<boolean>,
): ApiDeps {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    db: readModels.db,
    search: readModels.search,
    ...(readModels.claimJudge ? { claimJudge: readModels.claimJudge } : {}),
    settings: {
      basePath: env.BASE_PATH,
      publicBaseUrl: env.PUBLIC_BASE_URL ?? `http://${host}:${env.PORT}${env.BASE_PATH}`,
      staleAfterHours: env.STALE_AFTER_HOURS,
      maxSearchResponseChars: env.MAX_SEARCH_RESPONSE_CHARS,
    },
    today: () => new Date().toISOString().slice(0, 10),
    now: () => new Date(),
    ...(ready ? { ready } : {}),
  };
}
