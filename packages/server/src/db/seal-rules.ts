/**
 * The seal rules of migration 0035 (decision 075): the only functions and triggers outside db/derived/.
 * They enforce a rule on writes (a signed-off event is sealed) and keep an audit log, which is not
 * derived data: nothing rebuilds them. The derived module's tests (derived.test.ts, upgrade.test.ts)
 * take these as the one exception to "every trigger comes from db/derived/". Migration 0038 adds one
 * rule of the same kind: a measurement template version, which records were judged by, is never
 * changed or deleted (docs/measurements.md "Versions").
 */
export const sealRuleFunctions = [
  'event_is_sealed',
  'log_flag_change',
  'refuse_sealed_write',
  'seal_event_item_images',
  'seal_event_items',
  'seal_events',
  'seals_append_only',
  'measurement_template_versions_frozen',
] as const;

/** As pg_trigger names them: `trigger <name> on <table>`. */
export const sealRuleTriggers = [
  'trigger seal_events on events',
  'trigger seal_event_items on event_items',
  'trigger seal_event_item_images on event_item_images',
  'trigger seals_append_only on event_seals',
  'trigger log_flag_change on event_items',
  'trigger measurement_template_versions_frozen on measurement_template_versions',
] as const;

/** The table a seal rule writes: the notification flag's history (an append-only log, not derived data). */
export const sealRuleWrites = ['event_item_flag_changes'] as const;
