-- A rule, not a derived table: a measurement template version, which records were judged by, is never
-- changed or deleted; a change of a template is a new version (docs/measurements.md "Versions",
-- decision 077). Defined here since decision 088 (before: migration 0038); nothing rebuilds it.
-- Watches: measurement_template_versions (updates, deletes).
-- Readers: none (a guard): the templates' routes add versions only, and any other write fails here.
-- Invariant: a version row, once written, stays as it is.

CREATE FUNCTION measurement_template_versions_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A measurement template version is never changed or deleted' USING ERRCODE = 'P0001';
END $$;

CREATE TRIGGER measurement_template_versions_frozen BEFORE UPDATE OR DELETE ON measurement_template_versions
  FOR EACH ROW EXECUTE FUNCTION measurement_template_versions_frozen();
