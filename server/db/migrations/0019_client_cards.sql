CREATE TABLE "client_category_links" (
	"client_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "client_category_links_client_id_category_id_pk" PRIMARY KEY("client_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "client_field_values" (
	"client_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "client_field_values_client_id_field_id_pk" PRIMARY KEY("client_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "client_labels" (
	"client_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "client_labels_client_id_label_id_pk" PRIMARY KEY("client_id","label_id")
);
--> statement-breakpoint
ALTER TABLE "client_category_links" ADD CONSTRAINT "client_category_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_category_links" ADD CONSTRAINT "client_category_links_category_id_client_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."client_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_field_values" ADD CONSTRAINT "client_field_values_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_field_values" ADD CONSTRAINT "client_field_values_field_id_custom_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_labels" ADD CONSTRAINT "client_labels_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_labels" ADD CONSTRAINT "client_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;