import { postgresTables } from '../storage/projection-storage.ts';

/**
 * Every consolidated version of every act in every language (as_of needs them all), and its
 * articles. `is_latest` marks the newest consolidation of an act-language: the search index
 * covers only those rows (partial GIN index).
 */
export const statutesStorage = postgresTables(
  ['statute_versions', 'statute_articles'],
  [
    `create table statute_versions (
      jurisdiction text not null,
      sr_number text not null,
      language text not null,
      consolidation_date date not null,
      title text not null,
      abbreviation text,
      abbreviation_key text,
      title_key text not null,
      eli text,
      entry_into_force date,
      blocks jsonb not null,
      article_count integer not null,
      is_latest boolean not null default false,
      source text not null,
      source_url text,
      content_hash text not null,
      event_position bigint not null,
      updated_at timestamptz not null,
      primary key (jurisdiction, sr_number, language, consolidation_date)
    )`,
    `create index statute_versions_abbreviation_key on statute_versions (abbreviation_key)`,
    `create index statute_versions_title_key on statute_versions (title_key)`,
    `create table statute_articles (
      jurisdiction text not null,
      sr_number text not null,
      language text not null,
      consolidation_date date not null,
      ordinal integer not null,
      article_num text not null,
      eid text not null,
      heading text,
      text text not null,
      block_id text,
      block_path text[] not null,
      main_body boolean not null,
      is_latest boolean not null default false,
      tsv tsvector not null,
      repealed jsonb,
      footnotes jsonb not null default '[]',
      primary key (jurisdiction, sr_number, language, consolidation_date, ordinal)
    )`,
    `create index statute_articles_num on statute_articles (jurisdiction, sr_number, language, consolidation_date, article_num)`,
    `create index statute_articles_tsv on statute_articles using gin (tsv) where is_latest`,
  ],
  [
    `alter table statute_articles add column if not exists repealed jsonb`,
    `alter table statute_articles add column if not exists footnotes jsonb not null default '[]'`,
  ],
);
