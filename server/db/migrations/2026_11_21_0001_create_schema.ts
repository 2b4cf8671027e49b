import { type CreateTableBuilder, type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code. It runs on SQLite
// and PostgreSQL alike and branches only where a column type truly differs.

type Dialect = "sqlite" | "postgres";

async function dialectOf(db: Kysely<any>): Promise<Dialect> {
  const adapter = db.getExecutor().adapter.constructor.name;
  return adapter.toLowerCase().includes("sqlite") ? "sqlite" : "postgres";
}

export async function up(db: Kysely<any>): Promise<void> {
  const dialect = await dialectOf(db);
  const ts = dialect === "postgres" ? sql`timestamptz` : sql`text`;
  const bool = dialect === "postgres" ? sql`boolean` : sql`integer`;
  const falseValue = dialect === "postgres" ? sql`false` : sql`0`;

  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? table.addColumn("id", "serial", (c) => c.primaryKey())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  await withId(db.schema.createTable("users"))
    .addColumn("username", "varchar(50)", (c) => c.notNull())
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("first_name", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("last_name", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("role", "varchar(20)", (c) => c.notNull().defaultTo("author"))
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("active"))
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("last_login", ts)
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("users_username_unique")
    .on("users")
    .unique()
    .expression(sql`lower(username)`)
    .execute();
  await db.schema.createIndex("users_email_unique").on("users").unique().column("email").execute();

  await withId(db.schema.createTable("sessions"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("expires_at", ts, (c) => c.notNull())
    .addColumn("last_used_at", ts, (c) => c.notNull())
    .addColumn("user_agent", "varchar(300)")
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();

  await withId(db.schema.createTable("categories"))
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("slug", "varchar(120)", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("categories_name_unique")
    .on("categories")
    .unique()
    .expression(sql`lower(name)`)
    .execute();

  await withId(db.schema.createTable("tags"))
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("slug", "varchar(120)", (c) => c.notNull().unique())
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("tags_name_unique")
    .on("tags")
    .unique()
    .expression(sql`lower(name)`)
    .execute();

  await withId(db.schema.createTable("posts"))
    .addColumn("title", "varchar(300)", (c) => c.notNull())
    .addColumn("slug", "varchar(200)", (c) => c.notNull().unique())
    .addColumn("excerpt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("featured_image", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("featured_image_alt", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("draft"))
    .addColumn("is_featured", bool, (c) => c.notNull().defaultTo(falseValue))
    .addColumn("author_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("published_at", ts)
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("meta_title", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("meta_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("og_image", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("posts_status_published_at")
    .on("posts")
    .columns(["status", "published_at"])
    .execute();
  await db.schema.createIndex("posts_author_id").on("posts").column("author_id").execute();
  await db.schema
    .createIndex("posts_featured_published_at")
    .on("posts")
    .columns(["is_featured", "published_at"])
    .execute();
  await db.schema.createIndex("posts_created_at").on("posts").column("created_at").execute();

  await db.schema
    .createTable("post_categories")
    .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("category_id", "integer", (c) =>
      c.notNull().references("categories.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("post_categories_pk", ["post_id", "category_id"])
    .execute();
  await db.schema
    .createIndex("post_categories_category_id")
    .on("post_categories")
    .columns(["category_id", "post_id"])
    .execute();

  await db.schema
    .createTable("post_tags")
    .addColumn("post_id", "integer", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("tag_id", "integer", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("post_tags_pk", ["post_id", "tag_id"])
    .execute();
  await db.schema
    .createIndex("post_tags_tag_id")
    .on("post_tags")
    .columns(["tag_id", "post_id"])
    .execute();

  await withId(db.schema.createTable("services"))
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("slug", "varchar(200)", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("icon", "varchar(50)", (c) => c.notNull().defaultTo("computer"))
    .addColumn("details", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("services_sort_order")
    .on("services")
    .columns(["sort_order", "id"])
    .execute();

  await withId(db.schema.createTable("gallery_categories"))
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("slug", "varchar(120)", (c) => c.notNull().unique())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("gallery_images"))
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("thumbnail_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("alt", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("category_id", "integer", (c) =>
      c.references("gallery_categories.id").onDelete("set null"),
    )
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("gallery_images_sort_order")
    .on("gallery_images")
    .columns(["sort_order", "id"])
    .execute();
  await db.schema
    .createIndex("gallery_images_category_id")
    .on("gallery_images")
    .column("category_id")
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("section", "varchar(50)", (c) => c.primaryKey())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("contact_messages"))
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("subject", "varchar(300)", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("is_read", bool, (c) => c.notNull().defaultTo(falseValue))
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contact_messages_created_at")
    .on("contact_messages")
    .column("created_at")
    .execute();

  await withId(db.schema.createTable("uploads"))
    .addColumn("file_name", "varchar(200)", (c) => c.notNull().unique())
    .addColumn("original_name", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("mime_type", "varchar(100)", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("alt", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("variants", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("uploaded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("uploads_created_at").on("uploads").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "uploads",
    "contact_messages",
    "settings",
    "gallery_images",
    "gallery_categories",
    "services",
    "post_tags",
    "post_categories",
    "posts",
    "tags",
    "categories",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
