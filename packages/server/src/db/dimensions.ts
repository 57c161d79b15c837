/**
 * Dimensions are names ('76 mm', '84 mm', '102 mm'): lists order them by their leading number, so
 * 76 < 84 < 102 where the names alone would put '102 mm' first; names without a number follow, by name.
 */
import { sql } from 'drizzle-orm';

/** The leading number of a dimension name column (SQL text: also for statements written as plain text). */
export const dimensionNumberOf = (column: string) => `nullif(substring(${column} from '^\\s*([0-9]+(?:\\.[0-9]+)?)'), '')::numeric`;

/** The order of a dimension name column: by its leading number, then by name. */
export const dimensionOrderOf = (column: string) => `${dimensionNumberOf(column)} nulls last, ${column}`;

/**
 * The nominal size in mm of the dimension joined as `d` (issue 28 part 2), null for other units and
 * for dimensions without one: the HeavyChain and Chain84 reports read it, not the name.
 */
export const dimensionMm = sql.raw(`(case when d.nominal_unit = 'mm' then d.nominal_size end)`);
