import { type Kysely, sql } from 'kysely';
import { READ_MODELS_CHANNEL, schemaChannel } from '../notifications.ts';

/** Triggers that notify {@link READ_MODELS_CHANNEL} of the table's schema when read models move. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function notify_read_models() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.raw(schemaChannel(READ_MODELS_CHANNEL, 'tg_table_schema'))}, '');
      return null;
    end $$`.execute(db);
  // per row: the checkpoint upsert of every batch also fires statement-level insert triggers
  await sql`create trigger projection_checkpoints_moved
    after insert or delete on projection_checkpoints
    for each row execute function notify_read_models()`.execute(db);
  await sql`create trigger projection_checkpoints_advanced
    after update on projection_checkpoints
    for each row when (old.position is distinct from new.position) execute function notify_read_models()`.execute(
    db,
  );
  await sql`create trigger projection_generations_changed
    after insert or update or delete on projection_generations
    for each statement execute function notify_read_models()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists projection_generations_changed on projection_generations`.execute(db);
  await sql`drop trigger if exists projection_checkpoints_advanced on projection_checkpoints`.execute(db);
  await sql`drop trigger if exists projection_checkpoints_moved on projection_checkpoints`.execute(db);
  await sql`drop function if exists notify_read_models()`.execute(db);
}
