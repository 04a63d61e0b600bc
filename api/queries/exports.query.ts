import type { ExportFormat } from '../../contracts/api/exports.schema.ts';
import type { ApiDeps, ExportRenderers } from '../api-deps.ts';
import { notFound } from '../errors.ts';
import { renderBibtex } from '../exports/bibtex.ts';
import { renderDocx } from '../exports/docx.ts';
import { type ExportDocument, loadExportDocument } from '../exports/export-document.ts';
import { renderPdf } from '../exports/pdf.ts';
import { renderPlainText } from '../exports/plain-text.ts';
import { renderRis } from '../exports/ris.ts';
import { findByReference } from './identifiers.query.ts';
import { summaryContextOf } from './summaries.ts';

const DEFAULT_RENDERERS: Required<ExportRenderers> = { docx: renderDocx, pdf: renderPdf };

export interface ExportFormatSpec {
  readonly mime: string;
  readonly summary: string;
  readonly body: 'binary' | 'text';
  readonly render: (doc: ExportDocument, renderers: Required<ExportRenderers>) => Promise<Buffer> | Buffer;
  /** Word and PDF fall back to plain text when their renderer fails (Errors 5). */
  readonly fallsBack: boolean;
}

export const EXPORT_SPECS: Readonly<Record<ExportFormat, ExportFormatSpec>> = {
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

export const TEXT_MIME = 'text/plain; charset=utf-8';

/** A rendered export of one decision. */
export interface RenderedExport {
  /** The canonical id the reference resolved to. */
  readonly decisionId: string;
  readonly format: ExportFormat;
  readonly mime: string;
  readonly filename: string;
  readonly body: Buffer;
  /** Why plain text was served instead of the format asked for; null when it was not. */
  readonly fallback: string | null;
}

/**
 * The decision a reference names (canonical id, docket number or BGE reference) in an export
 * format; Word and PDF become plain text when their renderer fails. 404 for an unknown decision.
 */
export async function exportDecision(
  deps: ApiDeps,
  reference: string,
  format: ExportFormat,
  log: { warn(obj: object, msg: string): void },
): Promise<RenderedExport> {
  const found = await findByReference(deps.db, reference);
  const doc = found
    ? await loadExportDocument(deps.db, found.decision.decision_id, summaryContextOf(deps))
    : null;
  if (!doc) throw notFound(`No decision with id, docket number or reference '${reference}'`);
  const spec = EXPORT_SPECS[format];
  const renderers: Required<ExportRenderers> = { ...DEFAULT_RENDERERS, ...deps.exportRenderers };
  try {
    const body = await spec.render(doc, renderers);
    return {
      decisionId: doc.decisionId,
      format,
      mime: spec.mime,
      filename: `${doc.decisionId}.${format}`,
      body,
      fallback: null,
    };
  } catch (err) {
    if (!spec.fallsBack) throw err;
    log.warn({ err, format, decision_id: doc.decisionId }, 'export renderer failed; serving plain text');
    return {
      decisionId: doc.decisionId,
      format,
      mime: TEXT_MIME,
      filename: `${doc.decisionId}.txt`,
      body: renderPlainText(doc),
      fallback: `${format} renderer unavailable; plain text served`,
    };
  }
}
