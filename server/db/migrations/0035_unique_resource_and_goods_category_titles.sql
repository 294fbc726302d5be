-- Resources of one company, instances of one resource and goods categories of one parent that share a name
-- (any case) keep the oldest as it is; the others are renamed "<title> (<id>)" so that the unique indexes below
-- can be built and nothing is lost.
UPDATE "resources" AS "r" SET "title" = "r"."title" || ' (' || "r"."id" || ')'
WHERE EXISTS (
  SELECT 1 FROM "resources" AS "o"
  WHERE "o"."company_id" = "r"."company_id" AND lower("o"."title") = lower("r"."title") AND "o"."id" < "r"."id"
);--> statement-breakpoint
UPDATE "resource_instances" AS "i" SET "title" = "i"."title" || ' (' || "i"."id" || ')'
WHERE EXISTS (
  SELECT 1 FROM "resource_instances" AS "o"
  WHERE "o"."resource_id" = "i"."resource_id" AND lower("o"."title") = lower("i"."title") AND "o"."id" < "i"."id"
);--> statement-breakpoint
UPDATE "good_categories" AS "g" SET "title" = "g"."title" || ' (' || "g"."id" || ')'
WHERE EXISTS (
  SELECT 1 FROM "good_categories" AS "o"
  WHERE "o"."company_id" = "g"."company_id" AND "o"."parent_category_id" = "g"."parent_category_id"
    AND lower("o"."title") = lower("g"."title") AND "o"."id" < "g"."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "good_categories_company_parent_title_unique" ON "good_categories" USING btree ("company_id","parent_category_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "resource_instances_resource_title_unique" ON "resource_instances" USING btree ("resource_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "resources_company_title_unique" ON "resources" USING btree ("company_id",lower("title"));