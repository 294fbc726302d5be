CREATE TABLE "online_bookings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"staff_id" integer,
	"service_ids" jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"client_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"language" text NOT NULL,
	"appointment_id" integer,
	"cancel_token_hash" text,
	"remind_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "online_bookings" ADD CONSTRAINT "online_bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_bookings" ADD CONSTRAINT "online_bookings_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_bookings" ADD CONSTRAINT "online_bookings_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_bookings_company_idx" ON "online_bookings" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_bookings_cancel_token_unique" ON "online_bookings" USING btree ("cancel_token_hash");--> statement-breakpoint
CREATE INDEX "online_bookings_remind_at_idx" ON "online_bookings" USING btree ("remind_at");