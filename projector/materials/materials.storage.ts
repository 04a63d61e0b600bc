import { postgresTables } from '../storage/projection-storage.ts';

/**
 * Preparatory materials (GET /materialien): one row per gazette document, language and act, and
 * its verbatim passages with page, section, topic, the articles they discuss and a search vector.
 */
export const materialsStorage = postgresTables(
  ['materials', 'material_passages'],
  [
    `create table materials (
      eli text not null,
      language text not null,
      sr_number text not null,
      kind text not null,
      title text not null,
      document_date date,
      ref_type text not null,
      gazette_year integer not null,
      gazette_page integer not null,
      passage_count integer not null,
      sample boolean not null,
      source text not null,
      source_url text,
      content_hash text not null,
      event_position bigint not null,
      updated_at timestamptz not null,
      primary key (eli, language, sr_number)
    )`,
    `create index materials_act on materials (sr_number, language)`,
    `create table material_passages (
      eli text not null,
      language text not null,
      sr_number text not null,
      ordinal integer not null,
      page integer not null,
      section text,
      topic text not null,
      articles text[] not null,
      text text not null,
      tsv tsvector not null,
      primary key (eli, language, sr_number, ordinal)
    )`,
    `create index material_passages_articles on material_passages using gin (articles)`,
    `create index material_passages_act on material_passages (sr_number, language)`,
    `create index material_passages_tsv on material_passages using gin (tsv)`,
  ],
);
