-- The answers_changed notification names the table that changed, so that servers drop only the cached
-- answers read from it (server/http/answer-cache.ts); a server that ignores the payload still drops all.
CREATE OR REPLACE FUNCTION notify_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('answers_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
