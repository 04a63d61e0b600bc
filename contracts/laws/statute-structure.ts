/**
 * The block structure of an act (Fedlex `book/part/title/chapter/section/level`, cantonal
 * "Abschnitt"): how a block is labelled and which blocks are outside the main body.
 */

/** The label a block shows: `Schlusstitel: Anwendungs- und Einführungsbestimmungen`. */
export function blockLabel(num: string | null, heading: string | null): string | null {
  const n = num?.replace(/\s+/g, ' ').trim() ?? '';
  const h = heading?.replace(/\s+/g, ' ').trim() ?? '';
  if (n === '' && h === '') return null;
  if (n === '') return h;
  if (h === '') return n;
  // "Schlusstitel:" + heading, "1. Kapitel" + heading: Fedlex separates number and heading by a colon.
  return /[:.]$/.test(n) && !/^\d+\.$/.test(n) ? `${n} ${h}` : `${n.replace(/:$/, '')}: ${h}`;
}

/**
 * Blocks outside the main body: final and transitional provisions (Fedlex eIds `disp_*`, e.g. the
 * Civil Code's final title `disp_u1`) and annexes. Their articles repeat main-body numbers
 * (Art. 1 SchlT ZGB is not Art. 1 ZGB), so a plain article lookup prefers the main body.
 */
export function isOutsideMainBody(blockIds: readonly string[]): boolean {
  return blockIds.some((id) => /^(?:disp|annex|app|transitional)[_-]?/i.test(id.split('/')[0] ?? ''));
}
