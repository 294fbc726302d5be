-- Live categories of one company, and live labels of one company and kind, that share a name (any case) keep the
-- oldest as it is; the others are renamed "<title> (<id>)" so that the unique indexes below can be built and
-- nothing is lost. Every title stays unique after the renaming: the id is unique.
UPDATE "service_categories" AS "c" SET "title" = "c"."title" || ' (' || "c"."id" || ')'
WHERE "c"."deleted" = 0 AND EXISTS (
  SELECT 1 FROM "service_categories" AS "o"
  WHERE "o"."company_id" = "c"."company_id" AND "o"."deleted" = 0 AND lower("o"."title") = lower("c"."title")
    AND "o"."id" < "c"."id"
);--> statement-breakpoint
UPDATE "labels" AS "l" SET "title" = "l"."title" || ' (' || "l"."id" || ')'
WHERE NOT "l"."deleted" AND EXISTS (
  SELECT 1 FROM "labels" AS "o"
  WHERE "o"."company_id" = "l"."company_id" AND "o"."entity" = "l"."entity" AND NOT "o"."deleted"
    AND lower("o"."title") = lower("l"."title") AND "o"."id" < "l"."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "service_categories_company_title_unique" ON "service_categories" USING btree ("company_id",lower("title")) WHERE "service_categories"."deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "labels_company_entity_title_unique" ON "labels" USING btree ("company_id","entity",lower("title")) WHERE not "labels"."deleted";
