/**
 * A dimension's nominal size (issue 28 part 2): the number its name stands for, in a unit. Reports
 * (HeavyChain, Chain84) and acceptance criteria read it instead of parsing names, and an Admin sets it
 * in the owners tree where the name gives none. docs/administration.md "Nominal sizes".
 */
import { z } from 'zod';

/** 'none': an Admin checked that the dimension has no size ('Various'); null: nobody has said. */
export const NOMINAL_UNITS = ['mm', 'in', 't', 'none'] as const;
export type NominalUnit = (typeof NOMINAL_UNITS)[number];
export const NOMINAL_SIZE_MAX = 100_000;

export const nominalMessages = {
  sizeNeedsUnit: 'A nominal size needs a unit (mm, in or t)',
  unitNeedsSize: 'Nominal size is required for this unit',
  noSizeForNone: "A dimension without a size ('none') has no nominal size",
} as const;

/**
 * The names the upgrade reads (and a new dimension's defaults): '<number> mm', '<number>″' or
 * '<number> in', '<number> t', the number with a dot or a comma. Anything else gives no size. The same
 * patterns are written in SQL in migration 0034; `nominal.test.ts` runs both over the same names.
 */
export function nominalFromName(name: string): { nominalSize: number; nominalUnit: Exclude<NominalUnit, 'none'> } | null {
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*(mm|in|″|"|t)\s*$/i.exec(name);
  if (!match) return null;
  const size = Number(match[1].replace(',', '.'));
  if (!(size > 0)) return null;
  const unit = match[2].toLowerCase();
  return { nominalSize: size, nominalUnit: unit === 'mm' ? 'mm' : unit === 't' ? 't' : 'in' };
}

export const nominalUnit = z.enum(NOMINAL_UNITS, { error: `Nominal unit must be one of ${NOMINAL_UNITS.join(', ')}` });

/** Both fields as a dimension answers them. */
export const nominalFields = { nominalSize: z.number().nullable(), nominalUnit: nominalUnit.nullable() };

/**
 * The fields a create or an edit may send: absent keeps what is there (a create takes them from the
 * name), null clears. A size needs a unit other than 'none'; a unit of mm, in or t needs a size.
 */
export const nominalBody = {
  nominalSize: z
    .number({ error: 'Nominal size must be a number' })
    .positive('Nominal size must be more than 0')
    .max(NOMINAL_SIZE_MAX, `Nominal size must be at most ${NOMINAL_SIZE_MAX}`)
    .nullable()
    .optional(),
  nominalUnit: nominalUnit.nullable().optional(),
};

/** The field errors of a pair as it will be stored (checked after absent fields took their stored values). */
export function nominalProblem(
  size: number | null,
  unit: NominalUnit | null,
): { field: 'nominalSize' | 'nominalUnit'; message: string } | null {
  if (size !== null && unit === null) return { field: 'nominalUnit', message: nominalMessages.sizeNeedsUnit };
  if (size !== null && unit === 'none') return { field: 'nominalSize', message: nominalMessages.noSizeForNone };
  if (size === null && unit !== null && unit !== 'none') return { field: 'nominalSize', message: nominalMessages.unitNeedsSize };
  return null;
}
