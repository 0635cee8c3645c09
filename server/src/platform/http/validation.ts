import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  ResponseSerializationError,
  type serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { ZodError, type ZodType, z } from 'zod';
import { hasMessage, type Locale, translate } from '../i18n/i18n.ts';
import { withWallClockDates } from '../time/zone.ts';
import { compileShaper, unnamedField } from './answer-shape.ts';

/** One problem with the input, in the request's language. */
export interface FieldProblem {
  field: string;
  message: string;
}

interface Issue {
  path: string;
  code: string;
  message: string;
  params: Record<string, unknown>;
}

const TYPE_NAMES: Record<string, Record<Locale, string>> = {
  string: { 'zh-CN': '文本', 'en-US': 'text' },
  number: { 'zh-CN': '数字', 'en-US': 'number' },
  int: { 'zh-CN': '整数', 'en-US': 'whole number' },
  boolean: { 'zh-CN': '布尔值', 'en-US': 'boolean' },
  object: { 'zh-CN': '对象', 'en-US': 'object' },
  array: { 'zh-CN': '数组', 'en-US': 'list' },
};

/** Reads zod problems from a thrown ZodError or from Fastify's schema validation error. */
export function validationIssues(error: unknown): Issue[] | null {
  if (error instanceof ZodError) {
    return error.issues.map(({ path, code, message, ...params }) => ({
      path: path.map(String).join('.'),
      code,
      message,
      params,
    }));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      code: v.keyword,
      message: v.message ?? '',
      params: v.params as Record<string, unknown>,
    }));
  }
  return null;
}

function problem(locale: Locale, issue: Issue): string {
  const { code, params } = issue;
  if (code === 'invalid_type') {
    if (params.received === 'undefined' || /received undefined/.test(issue.message))
      return translate(locale, 'error.validation.required');
    const expected = TYPE_NAMES[String(params.expected)]?.[locale] ?? String(params.expected);
    return translate(locale, 'error.validation.type', { expected });
  }
  if (code === 'too_big') {
    return translate(locale, params.origin === 'string' ? 'error.validation.tooLong' : 'error.validation.tooBig', {
      max: params.maximum,
    });
  }
  if (code === 'too_small') return translate(locale, 'error.validation.tooSmall', { min: params.minimum });
  if (code === 'unrecognized_keys') {
    return translate(locale, 'error.validation.unknownKeys', { keys: (params.keys as string[]).join(', ') });
  }
  return translate(locale, 'error.validation.invalid');
}

/**
 * Turns zod problems into messages a person can act on. A schema that names a catalogue key as its
 * message (`z.string({ error: 'param.paramName.required' })`) gets that message as it is; anything
 * else gets "field: what is wrong".
 */
export function describeIssues(locale: Locale, issues: Issue[]): FieldProblem[] {
  return issues.map((issue) => {
    // A custom issue's own values (`params`) fill its message too.
    const values = { ...issue.params, ...(issue.params.params as Record<string, unknown> | undefined) };
    return {
      field: issue.path,
      message:
        hasMessage(issue.message) && !issue.message.startsWith('error.validation.')
          ? translate(locale, issue.message, values)
          : translate(locale, 'error.validation.field', {
              field: issue.path || '(body)',
              problem: hasMessage(issue.message) ? translate(locale, issue.message, values) : problem(locale, issue),
            }),
    };
  });
}

/** Where the input holds a NUL character (in a text or a key), as a path; null when nowhere. */
export function nulPath(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = nulPath(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return null;
}

// PostgreSQL text cannot hold NUL: refused in every part of every request, before the route's schema.
const withoutNul = z.unknown().superRefine((value, ctx) => {
  const path = nulPath(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: 'error.validation.nul', input: value });
});

/** The routes' validator: their zod schemas, behind the checks every input must pass. */
export const inputValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) =>
  validatorCompiler({ ...route, schema: withoutNul.pipe(route.schema) });

type AnswerCompiler = typeof serializerCompiler;

/**
 * Every answer through its route's zod schema, shaped as BladeX writes it (answer-shape.ts): nulls as
 * their type's empty value, dates as the server's wall clock, and only the fields the schema names
 * (all of them where the schema is loose: a resource's records with their decorations).
 */
const shapedAnswers: AnswerCompiler = ({ schema }) => {
  const shape = compileShaper(schema as ZodType, { extra: 'strip' });
  return (data) => withWallClockDates(() => JSON.stringify(shape(data)));
};

/**
 * The same, checking each answer against its schema first (the tests' servers): a field of the wrong
 * type, or one the schema does not name, fails the request (500) instead of reaching a client, where
 * it would have been left out without a word.
 */
const checkedAnswers: AnswerCompiler = (route) => {
  const schema = route.schema as ZodType;
  const serialize = shapedAnswers(route);
  const asGiven = compileShaper(schema, { extra: 'keep', forCheck: true });
  const named = compileShaper(schema, { extra: 'strip', forCheck: true });
  return (data) => {
    const given = withWallClockDates(() => asGiven(data));
    const result = z.safeEncode(schema, given);
    const unnamed = result.error ? null : unnamedField(given, named(data));
    if (result.error || unnamed) {
      const cause =
        result.error ??
        new ZodError([{ code: 'custom', path: [], message: `the field ${unnamed} is not in the schema`, input: data }]);
      throw new ResponseSerializationError(route.method, route.url, { cause });
    }
    return serialize(data);
  };
};

/**
 * The compilers of every route, given to Fastify when the server is made (`schemaController`): without them
 * Fastify loads ajv and fast-json-stringify at start (~0.1 s) for compilers it would never use.
 */
export const answerCompilers = (check: boolean) => ({
  buildValidator: () => inputValidatorCompiler,
  buildSerializer: () => (check ? checkedAnswers : shapedAnswers),
});

/** The same, as Fastify's option, which its types describe for ajv's compilers only. */
export const compilersFactory = (check: boolean) => answerCompilers(check) as unknown as CompilersFactory;
type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
