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
import type { ApiDeps, ExportRenderers } from '../api-deps.ts';
import { ApiError, notFound } from '../errors.ts';
import { renderCourtAtom } from '../exports/atom.ts';
import { renderBibtex } from '../exports/bibtex.ts';
import { renderDocx } from '../exports/docx.ts';
import { type ExportDocument, loadExportDocument } from '../exports/export-document.ts';
import { renderPdf } from '../exports/pdf.ts';
import { renderPlainText } from '../exports/plain-text.ts';
import { renderRis } from '../exports/ris.ts';
import { courtFeedVersion, loadCourtFeed } from '../queries/court-feeds.query.ts';
import { findByReference } from '../queries/identifiers.query.ts';

const DEFAULT_RENDERERS: Required<ExportRenderers> = { docx: renderDocx, pdf: renderPdf };

interface FormatSpec {
  readonly mime: string;
  readonly summary: string;
  readonly body: 'binary' | 'text';
  /** Word and PDF fall back to plain text when their renderer fails (Errors 5). */
  readonly render: (doc: ExportDocument, renderers: Required<ExportRenderers>) => Promise<Buffer> | Buffer;
  readonly fallsBack: boolean;
}

const FORMATS: Readonly<Record<ExportFormat, FormatSpec>> = {
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    summary:
      'Word document: canonical citation, Regeste, structured Erwägungen (plain text when the Word renderer is unavailable)',
    body: 'binary',
    render: (doc, r) => r.docx(doc),
    fallsBack: true,
  },
  pdf: {
    mime: 'application/pdf',
    summary:
      'A4 monochrome PDF, 12 pt serif, 1.2 line spacing (plain text when the PDF renderer is unavailable)',
    body: 'binary',
    render: (doc, r) => r.pdf(doc),
    fallsBack: true,
  },
  bib: {
    mime: 'application/x-bibtex; charset=utf-8',
    summary: 'One BibTeX @misc entry',
    body: 'text',
    render: (doc) => renderBibtex(doc),
    fallsBack: false,
  },
  ris: {
    mime: 'application/x-research-info-systems; charset=utf-8',
    summary: 'RIS record of type CASE',
    body: 'text',
    render: (doc) => renderRis(doc),
    fallsBack: false,
  },
};

const TEXT_MIME = 'text/plain; charset=utf-8';
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

export const exportsRoutes =
  (deps: ApiDeps): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const renderers: Required<ExportRenderers> = { ...DEFAULT_RENDERERS, ...deps.exportRenderers };
    const ctx = () => ({ publicBaseUrl: deps.settings.publicBaseUrl, today: deps.today() });

    const exportOf = async (
      reference: string,
      format: ExportFormat,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => {
      const found = await findByReference(deps.db, reference);
      const doc = found ? await loadExportDocument(deps.db, found.decision.decision_id, ctx()) : null;
      if (!doc) throw notFound(`No decision with id, docket number or reference '${reference}'`);
      const spec = FORMATS[format];
      let body: Buffer;
      let mime = spec.mime;
      let name = `${doc.decisionId}.${format}`;
      try {
        body = await spec.render(doc, renderers);
      } catch (err) {
        if (!spec.fallsBack) throw err;
        request.log.warn(
          { err, format, decision_id: doc.decisionId },
          'export renderer failed; serving plain text',
        );
        body = renderPlainText(doc);
        mime = TEXT_MIME;
        name = `${doc.decisionId}.txt`;
        reply.header('x-export-fallback', `${format} renderer unavailable; plain text served`);
      }
      if (found && found.decision.decision_id !== reference)
        reply.header(
          'content-location',
          `${deps.settings.basePath}/decisions/${encodeURIComponent(doc.decisionId)}/export.${format}`,
        );
      return reply
        .type(mime)
        .header('content-disposition', attachmentHeader(name))
        .header('x-content-type-options', 'nosniff')
        .send(body);
    };

    for (const format of EXPORT_FORMATS) {
      const spec = FORMATS[format];
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
        const version = await courtFeedVersion(deps.db, court);
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
