import { website } from '../../config.ts';

export type Field = 'tenantId' | 'username' | 'password' | 'code';
export type LoginValues = Record<Field, string>;

const FIELDS: Field[] = ['tenantId', 'username', 'password', 'code'];

/**
 * The login form's rules, as its antd Form had them: what is missing or too short, by field, as
 * message keys. The tenant only in tenant mode, the code only with the captcha.
 */
export function problemsOf(values: LoginValues, withCaptcha: boolean): Partial<Record<Field, string>> {
  const blank = (value: string) => !value.trim();
  return {
    tenantId: website.tenantMode && blank(values.tenantId) ? 'login.tenantIdRequired' : undefined,
    username: blank(values.username) ? 'login.usernameRequired' : undefined,
    password: !values.password
      ? 'login.passwordRequired'
      : values.password.length < 6
        ? 'login.passwordTooShort'
        : undefined,
    code: withCaptcha && blank(values.code) ? 'login.captchaRequired' : undefined,
  };
}

/** The first field, in the form's order, that breaks its rule. */
export const firstInvalid = (problems: Partial<Record<Field, string>>) => FIELDS.find((f) => problems[f]);
