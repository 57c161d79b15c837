-- The helpers the derived files share (docs/derived-data.md). No derived table of its own.
--
-- derived_changes(op, columns, filter): the SQL of a statement's changes as rows of `columns` with d =
-- +1 (a new row) or -1 (an old row), for a count's upsert to sum; with `filter`, only the rows, old or
-- new, it holds for. An update's rows that project to the same values on both sides cancel before
-- anything reads them (EXCEPT ALL), so an update of columns a count does not group by (the editor
-- renumbering thousands of sequences) adds nothing. Run it with EXECUTE: it names the transition
-- tables, and dynamic SQL is planned on every firing with their real row counts (decision 054).
CREATE FUNCTION derived_changes(op text, columns text, filter text DEFAULT 'true') RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS d FROM new_rows WHERE %s', columns, filter)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS d FROM old_rows WHERE %s', columns, filter)
    ELSE format('(SELECT %1$s, 1 AS d FROM new_rows WHERE %2$s EXCEPT ALL SELECT %1$s, 1 FROM old_rows WHERE %2$s)
      UNION ALL (SELECT %1$s, -1 AS d FROM old_rows WHERE %2$s EXCEPT ALL SELECT %1$s, -1 FROM new_rows WHERE %2$s)', columns, filter)
  END
$$;

-- derived_count(tbl, keys, op, columns, flag, filter): the SQL that adds a statement's changes to a
-- count table `tbl` with primary key `keys` and a count n, from `columns` (the keys' values, as
-- expressions named like the keys; the keys themselves by default). With `flag`, the table has a
-- second count of that name, of the rows whose `flag` (an int 0 or 1 among `columns`) is 1. With
-- `filter`, only the source rows it holds for count (derived_changes). Upserts in key order, so two
-- writers take the rows' locks in one order; a row reaching 0 stays. Run it with EXECUTE in the
-- trigger function.
CREATE FUNCTION derived_count(tbl text, keys text, op text, columns text DEFAULT NULL, flag text DEFAULT NULL,
  filter text DEFAULT 'true')
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('INSERT INTO %1$I AS k (%2$s, n%4$s) SELECT %2$s, sum(d)%5$s FROM (%3$s) c GROUP BY %2$s
    HAVING sum(d) <> 0%6$s ORDER BY %2$s ON CONFLICT (%2$s) DO UPDATE SET n = k.n + excluded.n%7$s',
    tbl, keys, derived_changes(op, coalesce(columns, keys), filter),
    CASE WHEN flag IS NULL THEN '' ELSE format(', %I', flag) END,
    CASE WHEN flag IS NULL THEN '' ELSE format(', sum(d * %I)', flag) END,
    CASE WHEN flag IS NULL THEN '' ELSE format(' OR sum(d * %I) <> 0', flag) END,
    CASE WHEN flag IS NULL THEN '' ELSE format(', %1$I = k.%1$I + excluded.%1$I', flag) END)
$$;

-- Statement triggers named <prefix>_<event> on `source` that run `fn` after each insert, update or
-- delete statement with its transition tables (new_rows, old_rows). Triggers of one event fire in
-- the order of their names, the same for every writer, so concurrent writers take the derived
-- tables' row locks in one order.
CREATE FUNCTION derived_triggers(source regclass, prefix text, fn text, events text[] DEFAULT '{insert,update,delete}')
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  event text;
BEGIN
  FOREACH event IN ARRAY events LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER %s ON %s REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      prefix || '_' || event, upper(event), source,
      CASE event WHEN 'insert' THEN 'NEW TABLE AS new_rows' WHEN 'delete' THEN 'OLD TABLE AS old_rows'
        ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END,
      fn);
  END LOOP;
END $$;

-- Makes the rows of `tbl` whose key is in `ids` what <tbl>_rows(ids) gives: deletes the rows it no
-- longer gives, inserts new ones and updates changed ones, in key order (one lock order for every
-- writer). An unchanged row is not written, so the table's own triggers see only real changes. The
-- key is the table's one-column primary key. Through EXECUTE, so the rows are planned for these ids.
CREATE FUNCTION derived_refresh(tbl regclass, ids int[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key text;
  columns text;
  excluded text;
  current text;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  SELECT quote_ident(k.attname),
    string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FILTER (WHERE a.attnum <> k.attnum),
    string_agg('excluded.' || quote_ident(a.attname), ', ' ORDER BY a.attnum) FILTER (WHERE a.attnum <> k.attnum),
    string_agg('t.' || quote_ident(a.attname), ', ' ORDER BY a.attnum) FILTER (WHERE a.attnum <> k.attnum)
  INTO key, columns, excluded, current
  FROM pg_index i
  JOIN pg_attribute k ON k.attrelid = i.indrelid AND k.attnum = i.indkey[0]
  JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum > 0 AND NOT a.attisdropped
  WHERE i.indrelid = tbl AND i.indisprimary
  GROUP BY k.attname;
  EXECUTE format($q$
    WITH fresh AS (SELECT * FROM %1$s_rows($1)),
    gone AS (DELETE FROM %1$s t WHERE t.%2$s = ANY($1) AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.%2$s = t.%2$s))
    INSERT INTO %1$s AS t (%2$s, %3$s) SELECT %2$s, %3$s FROM fresh ORDER BY %2$s
    ON CONFLICT (%2$s) DO UPDATE SET (%3$s) = ROW(%4$s)
    WHERE (%5$s) IS DISTINCT FROM (%4$s)$q$, tbl, key, columns, excluded, current) USING ids;
END $$;
