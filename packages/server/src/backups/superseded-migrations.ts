/**
 * The hashes that databases migrated before decision 067 recorded for the migrations whose trigger
 * functions and first fills then moved to src/db/derived/, and before decision 088 for those whose
 * rules then moved there (0035, 0038, 0042): the same migrations today, with only their schema. A
 * backup of such a database names each by its current file (what the schema and the backup's derived
 * definitions rebuild), and a data-only backup made before the move restores.
 */
export const SUPERSEDED_MIGRATIONS: Readonly<Record<string, string>> = {
  '0009_auth_notify': 'b9f33ff9ce45644f442a4a9412959dd91339f73cf169d4df882fbc1e4e1a5602',
  '0010_list_counts': 'f19e89e06a92e42ac41e1344b6ac41530d2653ab9d8dd3e9dbd608932494fee9',
  '0013_due_dates': '4cd398630423fceb01d2f5cc720f31abb2dbceee879dee359abc602c94ce758a',
  '0015_report_counts': 'd969245090592e9a4eeaf797269b275a1c939bee100137c826331856cb9c743b',
  '0016_due_day_counts': '48b10660f387c891db9749ffd81cdcdac0eb7ac3c8bbeea69658a1f9ed2aae21',
  '0017_report_item_pages': '8f9ca5133249df0771b0a1e151e8618c8b5541933c7fbc200a5fb8aea0aee37e',
  '0020_report_aggregates': '6db1b631dad28a830d8ad902f2911a6ef4f0af4f42a850548e054f7ddd8ffe90',
  '0021_transition_joins_planned_per_firing': 'dc69fec7e69edcb6a5e224b67e3a68c4f0633105e6ec17e44f67e59c274246d5',
  '0023_answer_notify': '9113de5c5ca0654d0fed0c7cfbeaf86104b4e85f384dabddfafffa9bb8381a43',
  '0024_equipment_age_events': 'e6c1e6b3c6f6911aafb4317dbc467f68f3b833839837f9c22ecc26195401d7d1',
  '0025_project_roll_ups': '7aa83eadb1da14e84d8d649bae75285b79eea119adf26541c5b3b790fafcaebf',
  '0026_due_month_counts': '0092c61c71acaa5aebde4424883de9cb1363f703a3b28ba5ba3f7842b076836b',
  '0035_sign_off': 'cad25f864e3b1abefb07ae472c99f43d8aed514ecfc2198f98151a13f3208a42',
  '0038_measurement_templates': 'e2b4728dd6e8ebe0984d47283e5ba7d6ba1cc500e198d4418d88b7d73c504a8c',
  '0042_amendment_measurements': '49787e4fef0b19584f945a7ab15127c0becda717622d8dfc8f00937e0a3fea13',
};
