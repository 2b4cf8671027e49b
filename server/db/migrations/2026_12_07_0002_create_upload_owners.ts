import { type Kysely, sql } from "kysely";

// Frozen in time: never imports application code.
// Who has each upload in their media library. An upload's file is stored once,
// named by its content, so the same picture uploaded by a second user answered
// the first one's row, which the second could neither see nor manage (an author
// manages only their own uploads). Each uploader is now an owner of the row;
// the uploads made so far are owned by the user who made them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("upload_owners")
    .addColumn("upload_id", "integer", (c) =>
      c.notNull().references("uploads.id").onDelete("cascade"),
    )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("upload_owners_pk", ["upload_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("upload_owners_user_id")
    .on("upload_owners")
    .columns(["user_id", "upload_id"])
    .execute();
  await sql`insert into upload_owners (upload_id, user_id)
    select id, uploaded_by from uploads where uploaded_by is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("upload_owners").ifExists().execute();
}
