// Schemas shared by routes: ids, paging, and the response shapes of isomorphic/contracts/common.ts.
// Each response schema is checked against its interface at compile time (see `Same` below), so the
// api's JSON and the pages' types cannot drift apart.
import { Type, type TSchema } from '@sinclair/typebox';
import { Limits } from '../../isomorphic/domain/limits';

/** Both directions assignable: a compile error when a schema and its interface differ. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export function assertSame<_T extends true>(): void { /* compile-time only */ }

/** A database id: a positive integer that fits the 32-bit id columns of both dialects. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const PageQuery = {
  pageNum: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'page number, from 1' }),
  pageSize: Type.Integer({ minimum: 1, maximum: Limits.maxPageSize, default: Limits.pageSize, description: `rows per page, at most ${Limits.maxPageSize}` }),
};

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer(), pageNum: Type.Integer(), pageSize: Type.Integer() });
