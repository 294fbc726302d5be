CREATE TABLE "online_booking_views" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seen_until" timestamp with time zone NOT NULL,
	CONSTRAINT "online_booking_views_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "online_bookings" ADD COLUMN "cancel_token_sealed" text;--> statement-breakpoint
ALTER TABLE "online_bookings" ADD COLUMN "remind_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "online_bookings" ADD COLUMN "remind_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "online_booking_views" ADD CONSTRAINT "online_booking_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_booking_views" ADD CONSTRAINT "online_booking_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;