/**
 * Every endpoint's inputs are built from the input primitives: walking the JSON schema of each path,
 * query and body, every free text refuses control characters (a pattern), every number is bounded
 * (ids fit PostgreSQL's integer), and closed sets are enums.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from './endpoints.ts';
import { MAX_ID } from './primitives.ts';

type JsonSchema = {
  type?: string | string[];
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  maximum?: number;
} & Record<string, unknown>;

/** Leaf schemas with their path, through objects, arrays, unions and intersections. */
function leaves(schema: JsonSchema, path: string, out: { path: string; schema: JsonSchema }[] = []) {
  const children = [
    ...Object.entries((schema.properties as Record<string, JsonSchema>) ?? {}).map(([key, child]) => [`${path}.${key}`, child] as const),
    ...(schema.items ? [[`${path}[]`, schema.items as JsonSchema] as const] : []),
    ...['anyOf', 'oneOf', 'allOf'].flatMap((key) => ((schema[key] as JsonSchema[]) ?? []).map((child) => [path, child] as const)),
  ];
  if (children.length === 0) out.push({ path, schema });
  for (const [childPath, child] of children) leaves(child, childPath, out);
  return out;
}

const inputs = allEndpoints.flatMap((endpoint) =>
  (['params', 'query', 'body'] as const)
    .filter((part) => endpoint[part])
    .flatMap((part) =>
      leaves(
        z.toJSONSchema(endpoint[part] as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
        `${endpoint.method} ${endpoint.path} ${part}`,
      ),
    ),
);

describe('endpoint inputs', () => {
  it('has inputs to check', () => {
    expect(inputs.length).toBeGreaterThan(40);
  });

  it('every text input refuses control characters or is a closed set', () => {
    const open = inputs.filter(
      ({ schema }) => schema.type === 'string' && !schema.pattern && !schema.enum && schema.const === undefined && !schema.format,
    );
    expect(open.map((input) => input.path)).toEqual([]);
  });

  it('every number input is bounded within a PostgreSQL integer', () => {
    const unbounded = inputs.filter(
      ({ schema }) =>
        (schema.type === 'number' || schema.type === 'integer') &&
        !schema.enum &&
        (schema.maximum === undefined || schema.maximum > MAX_ID),
    );
    expect(unbounded.map((input) => input.path)).toEqual([]);
  });
});
