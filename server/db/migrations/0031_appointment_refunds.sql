CREATE TABLE "appointment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"refunded_by" integer,
	"refunded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_refunds_amount_check" CHECK ("appointment_refunds"."amount" > 0)
);
--> statement-breakpoint
DROP INDEX "appointment_payments_appointment_unique";--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD COLUMN "refunded" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_refunds" ADD CONSTRAINT "appointment_refunds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_refunds" ADD CONSTRAINT "appointment_refunds_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_refunds" ADD CONSTRAINT "appointment_refunds_payment_id_appointment_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."appointment_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_refunds" ADD CONSTRAINT "appointment_refunds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_refunds" ADD CONSTRAINT "appointment_refunds_transaction_id_account_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."account_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_refunds" ADD CONSTRAINT "appointment_refunds_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_refunds_payment_idx" ON "appointment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_payments_appointment_unique" ON "appointment_payments" USING btree ("appointment_id") WHERE "appointment_payments"."refunded" < "appointment_payments"."amount" or "appointment_payments"."amount" = 0;--> statement-breakpoint
ALTER TABLE "appointment_payments" ADD CONSTRAINT "appointment_payments_refunded_check" CHECK ("appointment_payments"."refunded" >= 0 and "appointment_payments"."refunded" <= "appointment_payments"."amount");