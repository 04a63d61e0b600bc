import { postgresTables } from '../storage/projection-storage.ts';

/** The legislation catalogue: one row per entry and language, and every version it ever listed. */
export const legislationCatalogStorage = postgresTables(
  ['legislation_catalog', 'legislation_catalog_versions'],
  [
    `create table legislation_catalog (
      catalog_id integer not null,
      language text not null,
      jurisdiction text not null,
      systematic_number text not null,
      title text not null,
      abbreviation text,
      abbreviation_key text,
      title_key text not null,
      is_active boolean not null,
      version_active_since date,
      inactive_since date,
      keywords text[] not null,
      original_url text,
      source_url text,
      tsv tsvector not null,
      content_hash text not null,
      event_position bigint not null,
      updated_at timestamptz not null,
      primary key (catalog_id, language)
    )`,
    `create index legislation_catalog_tsv on legislation_catalog using gin (tsv)`,
    `create index legislation_catalog_number on legislation_catalog (jurisdiction, systematic_number)`,
    `create index legislation_catalog_abbreviation_key on legislation_catalog (abbreviation_key)`,
    `create index legislation_catalog_title_key on legislation_catalog (title_key)`,
    `create table legislation_catalog_versions (
      catalog_id integer not null,
      language text not null,
      active_since date not null,
      active_until date,
      original_url text,
      event_position bigint not null,
      primary key (catalog_id, language, active_since)
    )`,
  ],
);
