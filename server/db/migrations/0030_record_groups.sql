CREATE TABLE "record_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "record_group_id" integer;--> statement-breakpoint
ALTER TABLE "record_groups" ADD CONSTRAINT "record_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_groups_company_idx" ON "record_groups" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "record_groups_company_title_unique" ON "record_groups" USING btree ("company_id",lower("title")) WHERE "record_groups"."deleted" = 0;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_record_group_id_record_groups_id_fk" FOREIGN KEY ("record_group_id") REFERENCES "public"."record_groups"("id") ON DELETE no action ON UPDATE no action;