// citation.js ships no type declarations; the part the export tests use.
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown, options?: { forceType?: string });
    readonly data: unknown[];
  }
  export const plugins: unknown;
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
