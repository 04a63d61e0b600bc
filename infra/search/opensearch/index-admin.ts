/**
 * Index generations and the read alias of one index kind (decisions, commentaries):
 * `<prefix>-<kind>-v<n>` are the concrete indices, the alias `<prefix>-<kind>` points at the live
 * one. Writers write to their own generation; readers read the alias, so a rebuild into
 * generation n+1 stays invisible until `swapAlias`.
 */
import {
  ADDED_PROPERTIES,
  ANALYSIS_PROBE,
  type AnalysisMode,
  type IndexSettingsOptions,
  indexDefinition,
} from './index-layout.ts';
import type { OpenSearchHttp } from './opensearch-http.ts';
import { OpenSearchIndexError, operationError } from './opensearch-errors.ts';

export interface AdminLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface IndexShape {
  readonly shards: number;
  readonly replicas: number;
  readonly maxResultWindow: number;
}

/** What an index kind is called and how its generations are created. */
export interface IndexKind {
  /** Name part of the alias and indices (`<prefix>-<name>`, `<prefix>-<name>-v<n>`). */
  readonly name: string;
  /** What the logs call it. */
  readonly label: string;
  /** The body of the create-index request. */
  definition(o: IndexSettingsOptions): Record<string, unknown>;
  /** Fields added to the layout since indices of it may exist (put on an existing generation). */
  readonly addedProperties?: Readonly<Record<string, unknown>>;
}

/** The decision search index. */
export const DECISION_INDEX: IndexKind = {
  name: 'decisions',
  label: 'decision search index',
  definition: indexDefinition,
  addedProperties: ADDED_PROPERTIES,
};

const warnedFallback = new Set<string>();

export class IndexAdmin {
  readonly alias: string;

  constructor(
    private readonly http: OpenSearchHttp,
    private readonly node: string,
    private readonly prefix: string,
    private readonly logger: AdminLogger,
    private readonly kind: IndexKind = DECISION_INDEX,
  ) {
    if (!/^[a-z0-9][a-z0-9_.-]*$/.test(prefix)) {
      throw new OpenSearchIndexError('SEARCH_INIT_FAILED', `invalid index prefix: ${prefix}`);
    }
    this.alias = `${prefix}-${kind.name}`;
  }

  /** The concrete index of a generation (1, 2, …). */
  generationIndex(generation: number): string {
    if (!Number.isInteger(generation) || generation < 1) {
      throw new OpenSearchIndexError('SEARCH_INIT_FAILED', `invalid generation ${generation}`);
    }
    return `${this.prefix}-${this.kind.name}-v${generation}`;
  }

  /**
   * Probes the analysers, creates the generation's index if missing (pointing the alias at it
   * when there is no alias yet) and returns the analysis the node offers.
   */
  async ensure(generation: number, shape: IndexShape): Promise<AnalysisMode> {
    const index = this.generationIndex(generation);
    try {
      const mode = await this.probeAnalysis();
      const exists = (await this.http.request('HEAD', `/${index}`, { ignore: [404] })).status === 200;
      if (exists) {
        await this.checkExisting(index, mode, shape.maxResultWindow);
      } else {
        const aliased = (await this.aliasTargets()).length > 0;
        const body = {
          ...this.kind.definition({ mode, ...shape }),
          ...(aliased ? {} : { aliases: { [this.alias]: {} } }),
        };
        const created = await this.http.request('PUT', `/${index}`, { body, ignore: [400] });
        const type = (created.body as { error?: { type?: string } }).error?.type;
        if (created.status === 400 && type !== 'resource_already_exists_exception') {
          throw new OpenSearchIndexError(
            'SEARCH_INIT_FAILED',
            `creating ${index}: ${JSON.stringify(created.body)}`,
          );
        }
        this.logger.info({ index, analysis: mode }, `created the ${this.kind.label}`);
      }
      if ((await this.aliasTargets()).length === 0) {
        await this.http.request('POST', '/_aliases', {
          body: { actions: [{ add: { index, alias: this.alias } }] },
        });
      }
      return mode;
    } catch (error) {
      throw operationError(error, `init of ${index}`, 'SEARCH_INIT_FAILED');
    }
  }

  /**
   * Points the alias at `generation` in one atomic `_aliases` request, after a refresh of that
   * index: readers swapped over see every document the rebuild wrote, not only those the periodic
   * refresh has made visible.
   */
  async swapAlias(generation: number): Promise<void> {
    const target = this.generationIndex(generation);
    try {
      await this.http.request('POST', `/${target}/_refresh`);
      const actions: unknown[] = (await this.aliasTargets())
        .filter((index) => index !== target)
        .map((index) => ({ remove: { index, alias: this.alias } }));
      actions.push({ add: { index: target, alias: this.alias } });
      await this.http.request('POST', '/_aliases', { body: { actions } });
      this.logger.info({ alias: this.alias, index: target }, 'read alias swapped');
    } catch (error) {
      throw operationError(error, `swapping ${this.alias} to ${target}`, 'SEARCH_INIT_FAILED');
    }
  }

  /** Deletes a generation's index; refuses the one the alias points at. */
  async dropGeneration(generation: number): Promise<void> {
    const target = this.generationIndex(generation);
    try {
      if ((await this.aliasTargets()).includes(target)) {
        throw new OpenSearchIndexError(
          'SEARCH_GENERATION_IN_USE',
          `${target} is behind ${this.alias}; swap first`,
        );
      }
      await this.http.request('DELETE', `/${target}`, { ignore: [404] });
    } catch (error) {
      throw operationError(error, `dropping ${target}`, 'SEARCH_INIT_FAILED');
    }
  }

  /** The generation the alias points at, or null when there is no alias yet. */
  async liveGeneration(): Promise<number | null> {
    try {
      const [index] = await this.aliasTargets();
      const m = index === undefined ? null : /-v(\d+)$/.exec(index);
      return m?.[1] === undefined ? null : Number(m[1]);
    } catch (error) {
      throw operationError(error, `reading ${this.alias}`, 'SEARCH_INIT_FAILED');
    }
  }

  private async aliasTargets(): Promise<string[]> {
    const res = await this.http.request('GET', `/_alias/${this.alias}`, { ignore: [404] });
    return res.status === 404 ? [] : Object.keys(res.body as object);
  }

  /** Whether the node has analysis-common (language analysers); warns once per node when not. */
  private async probeAnalysis(): Promise<AnalysisMode> {
    const res = await this.http.request('POST', '/_analyze', { body: ANALYSIS_PROBE.request, ignore: [400] });
    const tokens = ((res.body as { tokens?: { token: string }[] }).tokens ?? []).map((t) => t.token);
    if (res.status === 200 && JSON.stringify(tokens) === JSON.stringify(ANALYSIS_PROBE.expectedTokens)) {
      this.logger.info(
        { node: this.node, analysis: 'language' },
        'OpenSearch has analysis-common: german/french/italian snowball analysers',
      );
      return 'language';
    }
    if (!warnedFallback.has(this.node)) {
      warnedFallback.add(this.node);
      this.logger.warn(
        { node: this.node, analysis: 'standard-fallback', probe: res.body },
        'OpenSearch lacks the analysis-common module: indexing with the built-in standard analyser ' +
          '(stop words, no stemming); searches will not find inflected forms',
      );
    }
    return 'standard-fallback';
  }

  private async checkExisting(index: string, mode: AnalysisMode, window: number): Promise<void> {
    const mapping = await this.http.request('GET', `/${index}/_mapping`);
    const meta = Object.values(
      mapping.body as Record<string, { mappings?: { _meta?: { analysis?: string } } }>,
    )[0];
    const built = meta?.mappings?._meta?.analysis;
    if (this.kind.addedProperties) {
      await this.http.request('PUT', `/${index}/_mapping`, {
        body: { properties: this.kind.addedProperties },
      });
    }
    if (built !== mode) {
      this.logger.warn(
        { index, built, available: mode },
        'index analysis differs from what the node offers now: rebuild into a new generation',
      );
    }
    const settings = await this.http.request('GET', `/${index}/_settings/index.max_result_window`, {
      querystring: { include_defaults: 'true' },
    });
    const entry = Object.values(
      settings.body as Record<
        string,
        {
          settings?: { index?: { max_result_window?: string } };
          defaults?: { index?: { max_result_window?: string } };
        }
      >,
    )[0];
    const current = Number(
      entry?.settings?.index?.max_result_window ?? entry?.defaults?.index?.max_result_window ?? 0,
    );
    if (current < window) {
      await this.http.request('PUT', `/${index}/_settings`, {
        body: { index: { max_result_window: window } },
      });
    }
  }
}
