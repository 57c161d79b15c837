/**
 * The labels of an amendment's measured fields, by key, with their unit ('Grip diameter 1 (mm)'), from
 * the template version that judged them (after the amendment, else before): the item dialog, the event
 * page and the item's evidence print a change by its label (decision 081). Over an event_seals row `a`.
 */
import { type SQL, sql } from 'drizzle-orm';

export const amendmentLabels = (a: SQL = sql`a`): SQL => sql`coalesce((
  select jsonb_object_agg(f ->> 'key', (f ->> 'label') || coalesce(' (' || (f ->> 'unit') || ')', ''))
  from measurement_template_versions mv, jsonb_array_elements(mv.definition -> 'fields') f
  where mv.id = coalesce((${a}.after ->> 'measurementVersionId')::int, (${a}.before ->> 'measurementVersionId')::int)), '{}'::jsonb)`;
