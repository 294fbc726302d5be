CREATE TABLE "working_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"week_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "working_hours_weekday_check" CHECK ("working_hours"."weekday" between 1 and 7),
	CONSTRAINT "working_hours_start_check" CHECK ("working_hours"."start_minute" between 0 and 1439),
	CONSTRAINT "working_hours_end_check" CHECK ("working_hours"."end_minute" between 1 and 1440),
	CONSTRAINT "working_hours_order_check" CHECK ("working_hours"."start_minute" < "working_hours"."end_minute")
);
--> statement-breakpoint
CREATE TABLE "working_weeks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"staff_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "working_weeks_company_staff_unique" UNIQUE NULLS NOT DISTINCT("company_id","staff_id")
);
--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_week_id_working_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."working_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_weeks" ADD CONSTRAINT "working_weeks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_weeks" ADD CONSTRAINT "working_weeks_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "working_hours_week_idx" ON "working_hours" USING btree ("week_id");