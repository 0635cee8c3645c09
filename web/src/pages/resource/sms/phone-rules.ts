import type { Rule } from 'antd/es/form';

/** Which spec §5 rule a comma-separated list of numbers breaks first (a message key), or null. */
export function phonesProblem(value: unknown): string | null {
  const phones = String(value ?? '')
    .split(/[,，\s]+/)
    .filter(Boolean);
  if (!phones.length) return 'sms.phoneRequired';
  if (phones.some((p) => p.length !== 11)) return 'sms.phoneLength';
  if (phones.some((p) => !/^1\d{10}$/.test(p))) return 'sms.phoneFormat';
  return null;
}

/** Template parameters: empty, or a JSON object of plain values. */
export function paramsProblem(value: unknown): string | null {
  const text = String(value ?? '').trim();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    const plain = parsed && typeof parsed === 'object' && !Array.isArray(parsed);
    return plain && Object.values(parsed).every((v) => v === null || typeof v !== 'object') ? null : 'sms.paramsFormat';
  } catch {
    return 'sms.paramsFormat';
  }
}

/** An antd rule from a check: the message is the check's key, translated. */
export const ruleOf = (check: (value: unknown) => string | null, t: (key: string) => string): Rule => ({
  validator: async (_rule, value) => {
    const problem = check(value);
    if (problem) throw new Error(t(problem));
  },
});
