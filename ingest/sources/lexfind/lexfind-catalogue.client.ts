import type { Jurisdiction } from '../../../contracts/courts/cantons.ts';
import { HttpFetchError, type HttpTextClient } from '../../http/http-text.port.ts';
import { entityIdOf, LEXFIND_ENTITY_ORDER, readCatalogueFile } from './lexfind.parser.ts';

/** LexFind's JSON API (per language and entity); verify the path against the live API. */
export const LEXFIND_API_BASE = 'https://www.lexfind.ch/api/fe';

export function catalogueUrl(base: string, language: string, entityId: number): string {
  return `${base.replace(/\/$/, '')}/${language}/entities/${entityId}/texts-of-law`;
}

export type CatalogueFile =
  | {
      readonly ok: true;
      readonly url: string;
      readonly jurisdiction: Jurisdiction;
      readonly language: 'de' | 'fr' | 'it';
      readonly entries: unknown[];
    }
  | { readonly ok: false; readonly url: string; readonly reason: string };

export interface LexfindCatalogueOptions {
  readonly baseUrl?: string;
  /** Entities to read (default: every canton and CH). */
  readonly entities?: readonly Jurisdiction[];
  readonly languages?: readonly ('de' | 'fr' | 'it')[];
}

/**
 * Reads the catalogue files one at a time. A file that is missing or not a catalogue is reported
 * (ok: false) and the others are still read; a portal outage (other HTTP failures) throws.
 */
export class LexfindCatalogue {
  constructor(
    private readonly http: HttpTextClient,
    private readonly options: LexfindCatalogueOptions = {},
  ) {}

  /** Failed requests of the underlying client so far; undefined when it keeps no count. */
  get failedRequests(): number | undefined {
    return this.http.failedRequests;
  }

  async *files(): AsyncIterable<CatalogueFile> {
    const base = this.options.baseUrl ?? LEXFIND_API_BASE;
    for (const jurisdiction of this.options.entities ?? LEXFIND_ENTITY_ORDER) {
      for (const language of this.options.languages ?? ['de', 'fr', 'it']) {
        const url = catalogueUrl(base, language, entityIdOf(jurisdiction));
        let text: string;
        try {
          text = await this.http.getText(url, 'application/json');
        } catch (error) {
          if (error instanceof HttpFetchError && error.isMissing) {
            yield { ok: false, url, reason: error.message };
            continue;
          }
          throw error;
        }
        try {
          const file = readCatalogueFile(JSON.parse(text) as unknown);
          yield { ok: true, url, ...file };
        } catch (error) {
          yield { ok: false, url, reason: (error as Error).message };
        }
      }
    }
  }
}
