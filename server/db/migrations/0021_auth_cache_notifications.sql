-- Every API process keeps "this session still stands" and "this user's place in this company" for a few seconds
-- (server/auth/auth-cache.ts). These triggers tell every process listening on the channel auth_cache what to
-- forget, in the transaction that changed it (delivered on commit): s:<session id> when a session is revoked,
-- u:<user id> when a user or one of their memberships changes or goes, c:<company id> when a company changes chain
-- or goes. docs/decisions.md, "The authentication cache".
CREATE OR REPLACE FUNCTION "auth_cache_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'auth_sessions' THEN
		PERFORM pg_notify('auth_cache', 's:' || OLD.id::text);
	ELSIF TG_TABLE_NAME = 'users' THEN
		PERFORM pg_notify('auth_cache', 'u:' || OLD.id::text);
	ELSIF TG_TABLE_NAME = 'company_users' THEN
		PERFORM pg_notify('auth_cache', 'u:' || OLD.user_id::text);
		IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
			PERFORM pg_notify('auth_cache', 'u:' || NEW.user_id::text);
		END IF;
	ELSIF TG_TABLE_NAME = 'companies' THEN
		PERFORM pg_notify('auth_cache', 'c:' || OLD.id::text);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "auth_sessions_auth_cache" AFTER UPDATE OF "revoked_at", "user_id", "switched_from_session_id" OR DELETE ON "auth_sessions" FOR EACH ROW EXECUTE FUNCTION "auth_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_cache" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "auth_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "company_users_auth_cache" AFTER UPDATE OR DELETE ON "company_users" FOR EACH ROW EXECUTE FUNCTION "auth_cache_notify"();
--> statement-breakpoint
CREATE TRIGGER "companies_auth_cache" AFTER UPDATE OF "main_group_id" OR DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION "auth_cache_notify"();
