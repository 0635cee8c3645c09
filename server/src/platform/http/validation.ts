import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { hasMessage, type Locale, translate } from '../i18n/i18n.ts';

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
  return issues.map((issue) => ({
    field: issue.path,
    message:
      hasMessage(issue.message) && !issue.message.startsWith('error.validation.')
        ? translate(locale, issue.message, issue.params)
        : translate(locale, 'error.validation.field', {
            field: issue.path || '(body)',
            problem: hasMessage(issue.message)
              ? translate(locale, issue.message, issue.params)
              : problem(locale, issue),
          }),
  }));
}
