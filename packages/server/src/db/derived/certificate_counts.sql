-- Derived table: certificate_counts
-- Sources: certificates
-- Watches: certificates (inserts, deletes; owner_id, file_id).
-- Readers: the certificate list's total (features/certificates/queries.ts), key info's certificates and
--   files (features/reports/totals-queries.ts).
-- Invariant: per owner, n is the number of its certificates and files the number of those with a file.
-- Empty rows: n = 0 AND files = 0
--
-- Decisions 038 and 053: a list's total is a sum over a few rows instead of a count on every page.
-- One upsert per statement, owners in key order (two writers take the rows' locks in one order);
-- rows reaching 0 stay.

CREATE FUNCTION certificate_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO certificate_counts AS k (owner_id, n, files)
    SELECT owner_id, sum(d), coalesce(sum(d) FILTER (WHERE filed), 0) FROM (%s) c
    GROUP BY owner_id HAVING sum(d) <> 0 OR sum(d) FILTER (WHERE filed) <> 0 ORDER BY owner_id
    ON CONFLICT (owner_id) DO UPDATE SET n = k.n + excluded.n, files = k.files + excluded.files$q$,
    derived_changes(TG_OP, 'owner_id, file_id IS NOT NULL AS filed'));
  RETURN NULL;
END $$;

SELECT derived_triggers('certificates', 'certificate_counts', 'certificate_counts_apply');

-- Rebuild:
SELECT owner_id, count(*)::int AS n, count(file_id)::int AS files FROM certificates GROUP BY owner_id
