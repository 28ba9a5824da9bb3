// Request schemas are closed as routes register (api/http/closed-schemas.ts): what that does to a schema.
import t from 'tap';
import { Type } from '@sinclair/typebox';
import { closedSchema } from '../../../api/http/closed-schemas';

/** Just enough of a JSON schema to read what closing did. */
interface Closed {
  additionalProperties?: unknown;
  maxItems?: number;
  properties: Record<string, Closed>;
  items: Closed;
  anyOf: Closed[];
  allOf: Closed[];
}

t.test('every object is closed unless it says otherwise, at any depth', async (t) => {
  const body = Type.Object({
    name: Type.String(),
    lines: Type.Array(Type.Object({ id: Type.Integer() }), { maxItems: 10 }),
    either: Type.Union([Type.Object({ a: Type.String() }), Type.Null()]),
    free: Type.Object({ x: Type.String() }, { additionalProperties: true }),
  });
  const closed = closedSchema(body) as Closed;
  t.equal(closed.additionalProperties, false, 'the body');
  t.equal(closed.properties.lines.items.additionalProperties, false, 'objects in arrays');
  t.equal(closed.properties.either.anyOf[0].additionalProperties, false, 'objects in unions');
  t.equal(closed.properties.free.additionalProperties, true, 'an object that accepts any field keeps saying so');
  t.equal(closed.properties.lines.maxItems, 10, 'the rest is kept');
  t.notOk('additionalProperties' in body, 'the route\'s own schema object is not changed (modules share them)');
});

t.test('the parts of an allOf stay open at their top, closed inside', async (t) => {
  const both = Type.Intersect([Type.Object({ a: Type.String(), inner: Type.Object({ b: Type.String() }) }), Type.Object({ c: Type.String() })]);
  const closed = closedSchema(both) as Closed;
  t.notOk('additionalProperties' in closed.allOf[0], 'each part sees the others\' fields');
  t.equal(closed.allOf[0].properties.inner.additionalProperties, false);
});
