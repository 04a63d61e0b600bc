import { postgresTables } from '../storage/projection-storage.ts';

/**
 * The first-page index of the official compilation and the Federal Gazette before 2021 (GET
 * /amendment-ref): which ELI starts on which page, per paginated edition.
 */
export const gazetteIndexStorage = postgresTables(
  ['gazette_first_pages'],
  [
    `create table gazette_first_pages (
      collection text not null,
      edition text not null,
      year integer not null,
      page integer not null,
      eli text not null,
      found_in_jurisdiction text,
      found_in_sr_number text,
      found_in_title text,
      found_by text not null,
      event_position bigint not null,
      primary key (collection, edition, year, page, eli)
    )`,
    `create index gazette_first_pages_lookup on gazette_first_pages (collection, edition, year, page)`,
  ],
);
