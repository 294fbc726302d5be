-- Resources of one company, and instances of one resource, that share a name (any case) keep the oldest as it
-- is; the others are renamed "<title> (<id>)" so that the unique indexes below can be built and nothing is lost.
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
CREATE UNIQUE INDEX "resource_instances_resource_title_unique" ON "resource_instances" USING btree ("resource_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "resources_company_title_unique" ON "resources" USING btree ("company_id",lower("title"));