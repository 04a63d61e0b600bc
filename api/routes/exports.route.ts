import { createHash } from 'node:crypto';
import { format as formatDisposition, encodeExtended } from 'content-disposition';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courtFeedParams,
  EXPORT_FORMATS,
  type ExportFormat,
  exportParams,
  fileBody,
} from '../../contracts/api/exports.schema.ts';
import { errorBody, validationErrorBody } from '../../contracts/api/params.ts';
import type { ApiDeps } from '../api-deps.ts';
import { ApiError } from '../errors.ts';
import { renderCourtAtom } from '../exports/atom.ts';
import { courtFeedVersion, loadCourtFeed } from '../queries/court-feeds.query.ts';
import { EXPORT_SPECS, exportDecision, TEXT_MIME } from '../queries/exports.query.ts';
import { summaryContextOf } from '../queries/summaries.ts';

const ATOM_MIME = 'application/atom+xml; charset=utf-8';

/** `attachment` with an ASCII `filename` and the RFC 5987 `filename*` of the real name. */
export function attachmentHeader(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_');
  return `${formatDisposition({ type: 'attachment', parameters: { filename: ascii } })}; filename*=${encodeExtended(name)}`;
}

/** Rendered feeds by court and snapshot, so an unchanged feed is not rendered again per request. */
const FEED_CACHE_SIZE = 256;
const FEED_VERSION_TTL_MS = 1000;

export const exportsRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = () => summaryContextOf(deps);

    const exportOf = async (
      reference: string,
      format: ExportFormat,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => {
      const out = await exportDecision(deps, reference, format, request.log);
      if (out.fallback) reply.header('x-export-fallback', out.fallback);
      if (out.decisionId !== reference)
        reply.header(
          'content-location',
          `${deps.settings.basePath}/decisions/${encodeURIComponent(out.decisionId)}/export.${format}`,
        );
      return reply
        .type(out.mime)
        .header('content-disposition', attachmentHeader(out.filename))
        .header('x-content-type-options', 'nosniff')
        .send(out.body);
    };

    for (const format of EXPORT_FORMATS) {
      const spec = EXPORT_SPECS[format];
      const content = {
        [spec.mime.split(';')[0]!]: { schema: fileBody(spec.body) },
        ...(spec.fallsBack ? { [TEXT_MIME.split(';')[0]!]: { schema: fileBody('text') } } : {}),
      };
      r.get(
        `/decisions/:decision_id/export.${format}`,
        {
          schema: {
            tags: ['Exports'],
            summary: spec.summary,
            description:
              'The decision named by its canonical id (a docket number or BGE reference is resolved to it), as an attachment.' +
              (spec.fallsBack
                ? ' When the renderer is unavailable the same content is served as text/plain (.txt) with an `x-export-fallback` header.'
                : ''),
            params: exportParams,
            response: {
              200: { description: spec.summary, content },
              404: errorBody,
              422: validationErrorBody,
            },
          },
        },
        async (request, reply) => exportOf(request.params.decision_id, format, request, reply),
      );
      // A docket number written with its slash unencoded (`/decisions/6B_1234/2025/export.pdf`).
      r.get(
        `/decisions/:docket_head/:docket_tail/export.${format}`,
        {
          schema: {
            hide: true,
            params: z.object({
              docket_head: z.string().min(1).max(200),
              docket_tail: z.string().min(1).max(100),
            }),
          },
        },
        async (request, reply) =>
          exportOf(`${request.params.docket_head}/${request.params.docket_tail}`, format, request, reply),
      );
    }

    // Which snapshot a feed is at, re-read at most once a second per court (feedCacheTtlMs): a feed
    // is never more than that behind its snapshot, and a busy feed costs no database read per request.
    const versions = new Map<string, { at: number; version: Awaited<ReturnType<typeof courtFeedVersion>> }>();
    const currentVersion = async (court: string) => {
      const now = Date.now();
      const known = versions.get(court);
      if (known && now - known.at < (deps.settings.feedCacheTtlMs ?? FEED_VERSION_TTL_MS))
        return known.version;
      const version = await courtFeedVersion(deps.db, court);
      if (versions.size >= FEED_CACHE_SIZE) versions.delete(versions.keys().next().value!);
      versions.set(court, { at: now, version });
      return version;
    };
    const rendered = new Map<string, { xml: string; etag: string; updated: string | null }>();
    r.get(
      '/atom/:court.xml',
      {
        schema: {
          tags: ['Exports'],
          summary: 'Atom 1.0 feed of the 50 most recent decisions of a court',
          description:
            'Served from the per-court snapshot the `court-feeds` projection keeps (decision_date desc, then id). Supports conditional GET (`ETag`/`If-None-Match`, `Last-Modified`/`If-Modified-Since`).',
          params: courtFeedParams,
          response: {
            200: {
              description: 'Atom 1.0 (RFC 4287) document',
              content: { 'application/atom+xml': { schema: fileBody('text') } },
            },
            304: {
              description: 'Not modified',
              content: { 'application/atom+xml': { schema: fileBody('text') } },
            },
            404: errorBody,
            422: validationErrorBody,
          },
        },
      },
      async (request, reply) => {
        const { court } = request.params;
        const version = await currentVersion(court);
        if (!version)
          throw new ApiError(404, 'API_UNKNOWN_COURT', `No court '${court}'; list the courts via /courts`);
        const c = ctx();
        const keyOf = (digest: string) => `${court}|${digest}|${c.publicBaseUrl}|${c.today}`;
        let feed = rendered.get(keyOf(version.digest));
        if (!feed) {
          // The snapshot may have moved on since its version was read: render and key what was loaded.
          const snapshot = await loadCourtFeed(deps.db, court);
          if (!snapshot)
            throw new ApiError(404, 'API_UNKNOWN_COURT', `No court '${court}'; list the courts via /courts`);
          const xml = renderCourtAtom(snapshot, c);
          feed = {
            xml,
            updated: snapshot.updated,
            etag: `"${createHash('sha256').update(xml).digest('base64url').slice(0, 32)}"`,
          };
          if (rendered.size >= FEED_CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
          rendered.set(keyOf(snapshot.digest), feed);
        }
        const lastModified = new Date(feed.updated ?? 0).toUTCString();
        reply
          .header('etag', feed.etag)
          .header('last-modified', lastModified)
          .header('cache-control', 'public, max-age=300')
          .type(ATOM_MIME);
        if (fresh(request.headers, { etag: feed.etag, 'last-modified': lastModified }))
          return reply.status(304).send();
        return reply.send(feed.xml);
      },
    );
  };
