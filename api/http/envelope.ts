// The { code, message, data } envelope every api response is wrapped in, with its TypeBox schema.
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { codeMessages } from '../../isomorphic/domain/code-messages';
import type { Bilingual } from './errors';

export type Lang = 'zh' | 'en';

/** The caller's language: `x-lang` (set by the web proxy from the page's language), else Accept-Language, else zh. */
export function requestLang(request: FastifyRequest): Lang {
  const explicit = request.headers['x-lang'];
  if (explicit === 'en' || explicit === 'zh') return explicit;
  const accept = String(request.headers['accept-language'] ?? '');
  const first = accept.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

export function ok<T>(request: FastifyRequest, data: T, message?: Bilingual) {
  const lang = requestLang(request);
  return { code: 0, message: (message ?? codeMessages[0])[lang], data };
}

/** Response schema of a successful call whose data has the given schema. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), message: Type.String(), data });

export const ErrorEnvelope = Type.Object({ code: Type.Integer(), message: Type.String(), data: Type.Null() });

/** Standard responses for a route: 200 with the data schema, and the error envelope for failures. */
export const responses = <T extends TSchema>(data: T) => ({
  200: Envelope(data),
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  410: ErrorEnvelope,
  429: ErrorEnvelope,
  500: ErrorEnvelope,
});
