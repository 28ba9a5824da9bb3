// Request schemas are closed: a body or query field the call does not define is refused (400, naming
// the field), not silently dropped. Applied to every route as it is registered, so no module can forget
// it; a schema that means to accept any field says `additionalProperties: true` (or a schema) itself.
import type { RouteOptions } from 'fastify';

type Schema = Record<string | symbol, unknown>;

/**
 * A copy of the schema with `additionalProperties: false` on every object that does not say otherwise;
 * the parts of an `allOf` stay open at their top (each sees the others' fields), their insides are closed.
 */
export function closedSchema(schema: unknown, closeHere = true): unknown {
  if (Array.isArray(schema)) return schema.map((s) => closedSchema(s, closeHere));
  if (!schema || typeof schema !== 'object') return schema;
  const src = schema as Schema;
  const out: Schema = {};
  // Symbol keys too: TypeBox marks its schemas with them.
  for (const key of Reflect.ownKeys(src)) {
    const value = src[key];
    if (key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions') {
      out[key] = Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, closedSchema(v)]));
    } else if (key === 'allOf') {
      out[key] = closedSchema(value, false);
    } else if (key === 'items' || key === 'anyOf' || key === 'oneOf' || key === 'not' || (key === 'additionalProperties' && typeof value === 'object')) {
      out[key] = closedSchema(value);
    } else out[key] = value;
  }
  if (closeHere && src.type === 'object' && src.properties && !('additionalProperties' in src)) out.additionalProperties = false;
  return out;
}

/** The onRoute hook: closes the route's body and querystring schemas. */
export function closeRequestSchemas(route: RouteOptions): void {
  const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
  if (!schema) return;
  if (schema.body) schema.body = closedSchema(schema.body);
  if (schema.querystring) schema.querystring = closedSchema(schema.querystring);
}
