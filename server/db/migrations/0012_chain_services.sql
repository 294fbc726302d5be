CREATE TABLE "chain_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"title" text NOT NULL,
	"category_title" text NOT NULL,
	"duration" integer NOT NULL,
	"price_min" integer DEFAULT 0 NOT NULL,
	"price_max" integer DEFAULT 0 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"is_price_managed_only_in_chain" boolean DEFAULT false NOT NULL,
	"is_comment_managed_only_in_chain" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "chain_service_id" integer;--> statement-breakpoint
ALTER TABLE "chain_services" ADD CONSTRAINT "chain_services_group_id_company_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."company_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_services_group_idx" ON "chain_services" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_chain_service_id_chain_services_id_fk" FOREIGN KEY ("chain_service_id") REFERENCES "public"."chain_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_chain_service_idx" ON "services" USING btree ("chain_service_id");