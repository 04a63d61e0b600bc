import { resolve } from 'node:path';
import { FEDERAL_ACTS } from '../contracts/laws/federal-acts.ts';
import { ConfigError } from '../infra/config/env.ts';
import type { IngestEnv } from '../infra/deploy/config.ts';
import type { IngestStateStore } from '../infra/ingest-state/ingest-state.port.ts';
import type { EventSource } from './event-source.port.ts';
import type { HttpTextClient } from './http/http-text.port.ts';
import { PoliteHttpClient } from './http/polite-http.client.ts';
import type { DecisionSource } from './source.port.ts';
import { EntscheidsucheDirectorySource } from './sources/entscheidsuche/entscheidsuche.source.ts';
import { EntscheidsucheHttpSource } from './sources/entscheidsuche/entscheidsuche-http.source.ts';
import { FedlexSparqlClient } from './sources/fedlex/fedlex-sparql.client.ts';
import { FedlexSource } from './sources/fedlex/fedlex.source.ts';
import { FedlexMaterialsSource } from './sources/fedlex-materials/fedlex-materials.source.ts';
import { FedlexGazetteClient } from './sources/fedlex-materials/gazette-listing.client.ts';
import { BgerSource } from './sources/bger/bger.source.ts';
import { CantonalTextSource } from './sources/lexfind/cantonal-text.source.ts';
import { LexfindCatalogue } from './sources/lexfind/lexfind-catalogue.client.ts';
import { LexfindCatalogueSource } from './sources/lexfind/lexfind.source.ts';
import { createSampleSource } from './sources/sample/sample.source.ts';
import { createSampleStatuteSources } from './sources/sample-statutes/sample-statutes.source.ts';
import { OnlineKommentarSource } from './sources/onlinekommentar/onlinekommentar.source.ts';
import { createSampleCommentarySource } from './sources/onlinekommentar/sample-commentaries.ts';

/** One source of an ingest run: decisions go through `runSource`, other events through `runEventSource`. */
export type ConfiguredSource =
  | { readonly kind: 'decisions'; readonly source: DecisionSource }
  | { readonly kind: 'events'; readonly source: EventSource };

export type SourceSettings = Pick<
  IngestEnv,
  | 'SOURCE'
  | 'SOURCE_DIR'
  | 'DATA_DIR'
  | 'SAMPLE_SIZE'
  | 'SAMPLE_SEED'
  | 'FEDLEX_SPARQL_URL'
  | 'FEDLEX_SR_NUMBERS'
  | 'LEXFIND_BASE_URL'
  | 'LEXFIND_ENTITIES'
  | 'ONLINEKOMMENTAR_BASE_URL'
  | 'ENTSCHEIDSUCHE_BASE_URL'
  | 'ENTSCHEIDSUCHE_SPIDERS'
  | 'STATUTE_LANGUAGES'
  | 'HTTP_MIN_INTERVAL_MS'
  | 'HTTP_TIMEOUT_MS'
  | 'BGER_BASE_URL'
  | 'BGER_LIST_URLS'
  | 'BGER_DAYS'
>;

/** Every SR number the service knows by name: what `SOURCE=fedlex` reads unless told otherwise. */
export const DEFAULT_FEDLEX_SR_NUMBERS: readonly string[] = FEDERAL_ACTS.map((a) => a.sr_number);

/**
 * The sources of one ingest run, in the order they run. The live portals are read through one
 * polite HTTP client (one request at a time, `HTTP_MIN_INTERVAL_MS` apart, retries with back-off);
 * `http` replaces it in tests. `live.state` lets `bger` skip listed decisions it already holds.
 */
export async function configuredSources(
  env: SourceSettings,
  http?: HttpTextClient,
  /**
   * What the sources that compare against what is held read: required by `entscheidsuche` (its
   * change feed), optional for `bger` (without it every listed page is fetched).
   */
  live?: { readonly state: Pick<IngestStateStore, 'get'>; readonly onNote?: (message: string) => void },
): Promise<ConfiguredSource[]> {
  const portal = (): HttpTextClient =>
    http ?? new PoliteHttpClient({ minIntervalMs: env.HTTP_MIN_INTERVAL_MS, timeoutMs: env.HTTP_TIMEOUT_MS });
  switch (env.SOURCE) {
    case 'sample': {
      const decisions = await createSampleSource({
        dir: resolve(env.SOURCE_DIR ?? `${env.DATA_DIR}/sample-corpus`),
        size: env.SAMPLE_SIZE,
        seed: env.SAMPLE_SEED,
      });
      // The bundled sample includes statutes and the legislation catalogue.
      const statutes = await createSampleStatuteSources({ dir: resolve(`${env.DATA_DIR}/sample-statutes`) });
      const commentaries = await createSampleCommentarySource({
        dir: resolve(`${env.DATA_DIR}/sample-statutes/commentaries`),
      });
      return [
        { kind: 'decisions', source: decisions },
        ...[...statutes.all, commentaries].map((source) => ({ kind: 'events' as const, source })),
      ];
    }
    case 'entscheidsuche-dir':
      if (!env.SOURCE_DIR) throw new ConfigError('SOURCE_DIR: required for SOURCE=entscheidsuche-dir');
      return [{ kind: 'decisions', source: new EntscheidsucheDirectorySource({ root: resolve(env.SOURCE_DIR) }) }];
    case 'entscheidsuche':
      if (!live) throw new Error('SOURCE=entscheidsuche needs the ingest state');
      return [
        {
          kind: 'events',
          source: new EntscheidsucheHttpSource({
            http: portal(),
            state: live.state,
            ...(env.ENTSCHEIDSUCHE_BASE_URL ? { baseUrl: env.ENTSCHEIDSUCHE_BASE_URL } : {}),
            ...(env.ENTSCHEIDSUCHE_SPIDERS ? { spiders: env.ENTSCHEIDSUCHE_SPIDERS } : {}),
            ...(live.onNote ? { onNote: live.onNote } : {}),
          }),
        },
      ];
    case 'fedlex': {
      const client = portal();
      const lister = new FedlexSparqlClient(client, {
        srNumbers: env.FEDLEX_SR_NUMBERS ?? DEFAULT_FEDLEX_SR_NUMBERS,
        languages: env.STATUTE_LANGUAGES,
        ...(env.FEDLEX_SPARQL_URL ? { endpoint: env.FEDLEX_SPARQL_URL } : {}),
      });
      return [{ kind: 'events', source: new FedlexSource({ lister, http: client }) }];
    }
    case 'onlinekommentar':
      return [
        {
          kind: 'events',
          source: new OnlineKommentarSource({
            http: portal(),
            languages: env.STATUTE_LANGUAGES,
            ...(env.ONLINEKOMMENTAR_BASE_URL ? { baseUrl: env.ONLINEKOMMENTAR_BASE_URL } : {}),
          }),
        },
      ];
    case 'fedlex-materials': {
      const client = portal();
      const lister = new FedlexGazetteClient(client, {
        srNumbers: env.FEDLEX_SR_NUMBERS ?? DEFAULT_FEDLEX_SR_NUMBERS,
        languages: env.STATUTE_LANGUAGES,
        ...(env.FEDLEX_SPARQL_URL ? { endpoint: env.FEDLEX_SPARQL_URL } : {}),
      });
      return [{ kind: 'events', source: new FedlexMaterialsSource({ lister, http: client }) }];
    }
    case 'bger':
      // An event source of decisions: its state records carry the list fingerprint (see BgerSource).
      return [
        {
          kind: 'events',
          source: new BgerSource({
            http: portal(),
            baseUrl: env.BGER_BASE_URL,
            days: env.BGER_DAYS,
            ...(env.BGER_LIST_URLS ? { listUrls: env.BGER_LIST_URLS } : {}),
            ...(live ? { state: live.state } : {}),
          }),
        },
      ];
    case 'lexfind': {
      const client = portal();
      const catalogue = new LexfindCatalogue(client, {
        ...(env.LEXFIND_BASE_URL ? { baseUrl: env.LEXFIND_BASE_URL } : {}),
        ...(env.LEXFIND_ENTITIES ? { entities: env.LEXFIND_ENTITIES } : {}),
        languages: env.STATUTE_LANGUAGES,
      });
      // The catalogue first, then the cantonal texts its entries point to.
      return [
        { kind: 'events', source: new LexfindCatalogueSource(catalogue) },
        { kind: 'events', source: new CantonalTextSource(catalogue, client) },
      ];
    }
  }
}
