-- Attempt counters are short-lived and rebuilt by the next attempts: they are kept out of the write-ahead log,
-- so a sign-in's reservation and settlement do not wait for a disk flush (docs/decisions.md, "Sign-in
-- throttling"). A crash of the database empties the table.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
