import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginByPassword } from '../../api/auth.ts';
import { HttpError } from '../../api/http.ts';
import { showError } from '../../app/feedback.ts';
import { LanguageSwitch } from '../../app/LanguageSwitch.tsx';
import { useMenu } from '../../app/menu-store.ts';
import { PlainIcon } from '../../app/PlainIcon.tsx';
import { useSession } from '../../app/session.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { website } from '../../config.ts';
import { type Field, firstInvalid, type LoginValues, problemsOf } from './login-rules.ts';
import { buttonText, PlainField } from './PlainField.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { useCaptcha } from './use-captcha.ts';
import { useSocialCallback } from './use-social.ts';
import './login.css';

// Registration is drawn with antd: loaded when first opened.
const Register = lazy(() => import('./Register.tsx'));

/** The server's refusal that asks this address for the captcha from now on. */
const CAPTCHA_REQUIRED = 'auth.captcha.required';

export interface LoginPageProps {
  /** Said under the heading instead of the subtitle (single sign-on names the application asking). */
  notice?: ReactNode;
  /** What follows a sign-in; by default the menus are loaded and the home page opens. */
  afterSignIn?: () => Promise<void>;
  /** Below the form (single sign-on's cancel). */
  footer?: ReactNode;
}

/**
 * /login: tenant id, account, password (sent as its md5) and, in captcha mode, the captcha. Drawn
 * without antd, so the first load stays small (issue 17); its rules and messages are antd Form's.
 */
export function LoginPage({ notice, afterSignIn, footer }: LoginPageProps = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const [submitting, setSubmitting] = useState(false);
  // the provider's redirect comes back here: it signs in, or opens the registration for its identity
  const social = useSocialCallback();
  const [registering, setRegistering] = useState<boolean | undefined>(social.unregistered ? true : undefined);
  const [values, setValues] = useState<LoginValues>({
    tenantId: website.tenantId,
    username: '',
    password: '',
    code: '',
  });
  // message keys, not texts: a change of language says them anew
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [passwordShown, setPasswordShown] = useState(false);
  // Captcha mode, or the server asked for it (failures from this address: auth.captcha.required).
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const withCaptcha = website.captchaMode || captchaAsked;
  const captcha = useCaptcha(withCaptcha);
  useDocumentTitle('login.pageTitle');

  // a field's rule is checked as it changes, all of them on submit (as antd's Form does)
  const change = (field: Field) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    setProblems((shown) => ({ ...shown, [field]: problemsOf(next, withCaptcha)[field] }));
  };

  // The captcha's answer is spent by any attempt: a failed one needs a new image and code.
  const failed = (error?: unknown) => {
    if (error instanceof HttpError && error.key === CAPTCHA_REQUIRED) setCaptchaAsked(true);
    if (!withCaptcha) return;
    setValues((v) => ({ ...v, code: '' }));
    captcha.reload();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = problemsOf(values, withCaptcha);
    setProblems(found);
    const invalid = firstInvalid(found);
    if (invalid) return document.getElementById(`login_${invalid}`)?.focus();
    const { code, ...login } = values;
    setSubmitting(true);
    try {
      const answer = await loginByPassword({
        ...login,
        tenantId: website.tenantMode ? login.tenantId : website.tenantId,
        captcha: withCaptcha ? { key: captcha.key, code } : undefined,
      });
      if (answer.error_description) {
        showError(answer.error_description);
        failed();
        return;
      }
      signIn(answer);
      if (afterSignIn) return await afterSignIn();
      await useMenu.getState().load();
      navigate('/');
    } catch (error) {
      // the HTTP client has shown the server's message
      failed(error);
    } finally {
      setSubmitting(false);
    }
  }

  const field = (name: Field) => ({
    id: `login_${name}`,
    value: values[name],
    onChange: change(name),
    error: problems[name] && t(problems[name]),
  });
  return (
    <main className="cw-login">
      <section className="cw-login-card">
        <div className="cw-login-head">
          <h3>{t('login.heading')}</h3>
          <LanguageSwitch />
        </div>
        {notice ?? <span className="cw-login-subtitle">{t('login.subtitle')}</span>}
        <form id="login" className="cw-form" noValidate onSubmit={(e) => void submit(e)}>
          {website.tenantMode && (
            <PlainField
              {...field('tenantId')}
              label={t('login.tenantId')}
              icon={TeamOutlined}
              autoComplete="organization"
            />
          )}
          <PlainField {...field('username')} label={t('login.username')} icon={UserOutlined} autoComplete="username" />
          <PlainField
            {...field('password')}
            label={t('login.password')}
            icon={LockOutlined}
            type={passwordShown ? 'text' : 'password'}
            autoComplete="current-password"
            after={
              <button
                type="button"
                className="cw-side"
                aria-pressed={passwordShown}
                // named without the word password: the field alone is found by it
                aria-label={t('login.showPassword')}
                onClick={() => setPasswordShown((shown) => !shown)}
              >
                <PlainIcon icon={passwordShown ? EyeOutlined : EyeInvisibleOutlined} />
              </button>
            }
          />
          {withCaptcha && (
            <PlainField
              {...field('code')}
              label={t('login.captcha')}
              icon={SafetyOutlined}
              autoComplete="off"
              maxLength={5}
              after={
                <button
                  type="button"
                  className="cw-side"
                  aria-label={t('login.captchaReload')}
                  title={t('login.captchaReload')}
                  onClick={captcha.reload}
                >
                  {captcha.image && <img src={captcha.image} alt={t('login.captcha')} />}
                </button>
              }
            />
          )}
          <button type="submit" className="cw-submit" disabled={submitting || social.busy} aria-busy={submitting}>
            {buttonText(submitting || social.busy ? t('login.submitting') : t('login.submit'))}
          </button>
        </form>
        <SocialButtons tenantId={website.tenantMode ? values.tenantId : website.tenantId} />
        <button type="button" className="cw-link" onClick={() => setRegistering(true)}>
          {t('register.link')}
        </button>
        {registering !== undefined && (
          <Suspense>
            <Register
              open={registering}
              onClose={() => setRegistering(false)}
              social={social.unregistered ?? undefined}
            />
          </Suspense>
        )}
        {footer}
      </section>
    </main>
  );
}
