CREATE TABLE "appointment_field_values" (
	"appointment_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "appointment_field_values_appointment_id_field_id_pk" PRIMARY KEY("appointment_id","field_id")
);
--> statement-breakpoint
ALTER TABLE "appointment_field_values" ADD CONSTRAINT "appointment_field_values_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_field_values" ADD CONSTRAINT "appointment_field_values_field_id_custom_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."custom_fields"("id") ON DELETE cascade ON UPDATE no action;