CREATE TABLE "flow_review_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"machine_id" text NOT NULL,
	"machine_version" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"text" text NOT NULL,
	"author_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_by_user_id" integer,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flow_review_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"machine_id" text NOT NULL,
	"machine_version" text NOT NULL,
	"reviewed_by_user_id" integer NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_ids" jsonb NOT NULL,
	"transition_keys" jsonb NOT NULL,
	CONSTRAINT "flow_review_marks_version_unique" UNIQUE("machine_id","machine_version")
);
--> statement-breakpoint
ALTER TABLE "flow_review_comments" ADD CONSTRAINT "flow_review_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_review_comments" ADD CONSTRAINT "flow_review_comments_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_review_marks" ADD CONSTRAINT "flow_review_marks_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_review_comments_machine_idx" ON "flow_review_comments" USING btree ("machine_id");