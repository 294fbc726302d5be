CREATE TABLE "place_cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"state_id" integer,
	"population" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"names" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "place_city_search_keys" (
	"city_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "place_city_search_keys_city_id_key_pk" PRIMARY KEY("city_id","key")
);
--> statement-breakpoint
CREATE TABLE "place_data_loads" (
	"name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "place_states" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "place_cities_country_idx" ON "place_cities" USING btree ("country_id","state_id");--> statement-breakpoint
CREATE INDEX "place_city_search_keys_country_key_idx" ON "place_city_search_keys" USING btree ("country_id","key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "place_city_search_keys_key_idx" ON "place_city_search_keys" USING btree ("key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "place_states_country_idx" ON "place_states" USING btree ("country_id");