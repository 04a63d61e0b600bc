import { postgresTables } from '../storage/projection-storage.ts';

/** Commentaries: one row per record (one language each), and its paragraphs with full-text vectors. */
export const commentariesStorage = postgresTables(
  ['commentaries', 'commentary_paragraphs'],
  [
    `create table commentaries (
      commentary_id text primary key,
      language text not null,
      title text not null,
      kind text not null,
      article_num text,
      abbreviation text,
      sr_number text,
      act_title text,
      authors text[] not null,
      editors text[] not null,
      edition_date text,
      suggested_citation text,
      licence text not null,
      licence_url text not null,
      url text not null,
      pdf_url text,
      legal_text text,
      sample boolean not null,
      paragraph_count integer not null,
      source text not null,
      content_hash text not null,
      event_position bigint not null,
      updated_at timestamptz not null
    )`,
    `create index commentaries_act on commentaries (sr_number, article_num, language)`,
    `create table commentary_paragraphs (
      commentary_id text not null,
      ordinal integer not null,
      margin text,
      text text not null,
      language text not null,
      sr_number text,
      article_num text,
      tsv tsvector not null,
      primary key (commentary_id, ordinal)
    )`,
    `create index commentary_paragraphs_tsv on commentary_paragraphs using gin (tsv)`,
  ],
);
