import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HttpError } from '../../api/http.ts';
import { approveSignIn, denySignIn, fetchSignInRequest, type SignInRequest } from '../../api/sso.ts';
import { LanguageSwitch } from '../../app/LanguageSwitch.tsx';
import { useSession } from '../../app/session.ts';
import { signOut } from '../../app/sign-out.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { LoginPage } from '../login/LoginPage.tsx';
import '../login/login.css';
import './sso.css';

/** The authorize endpoint's problems shown here (`/sso?error=`), and the request's own. */
const PROBLEMS: Record<string, string> = {
  client: 'sso.problem.client',
  redirect_uri: 'sso.problem.redirectUri',
  request: 'sso.problem.request',
  'auth.sso.request.expired': 'sso.problem.expired',
};

/** A problem as a catalogue key (said anew when the language changes), or the server's text. */
type Problem = { key: string } | { text: string };
const problemOf = (error: unknown): Problem =>
  error instanceof HttpError && error.key && PROBLEMS[error.key]
    ? { key: PROBLEMS[error.key]! }
    : { text: error instanceof Error ? error.message : String(error) };

/** A message naming data (the client, the user, an origin): the names are kept as they are in every language. */
const Named = ({ k, values }: { k: string; values: Record<string, string> }) => (
  <Trans i18nKey={k} values={values} components={{ c: <span translate="no" /> }} />
);

function Card({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <main className="cw-login">
      <section className="cw-login-card">
        <div className="cw-login-head">
          <h3>{title}</h3>
          <LanguageSwitch />
        </div>
        {children}
      </section>
    </main>
  );
}

/**
 * /sso: a client's sign-in request (single sign-on, this server as the authorization server). Signed
 * out, the usual sign-in, which answers the request with a code; signed in, the user confirms (or
 * cancels: access_denied). A bad client or redirect URI is shown here, never sent back.
 */
export function SsoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requestId = params.get('request');
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.userInfo);
  const [info, setInfo] = useState<SignInRequest>();
  const [problem, setProblem] = useState<Problem | undefined>(() => {
    const error = params.get('error');
    if (error || !requestId) return { key: PROBLEMS[error ?? 'request'] ?? PROBLEMS.request! };
  });
  const [busy, setBusy] = useState(false);
  useDocumentTitle('sso.pageTitle');

  useEffect(() => {
    if (requestId && !problem) fetchSignInRequest(requestId).then(setInfo, (error) => setProblem(problemOf(error)));
  }, [requestId, problem]);

  // The client's redirect URI with its answer: the browser leaves for it.
  // once: the sign-in's own answer and the autoapprove that its new session sets off are one
  const answering = useRef(false);
  const answer = useCallback(
    async (action: (request: string) => Promise<string>) => {
      if (answering.current) return;
      answering.current = true;
      setBusy(true);
      try {
        window.location.assign(await action(requestId!));
      } catch (error) {
        answering.current = false;
        // a session that ended meanwhile signs in again; anything else is shown
        if (error instanceof HttpError && error.code === 401) useSession.getState().signOutLocally();
        else setProblem(problemOf(error));
        setBusy(false);
      }
    },
    [requestId],
  );

  // a client the administrator lets through (autoapprove) asks a signed-in user nothing
  const autoApprove = Boolean(token && info?.autoApprove);
  useEffect(() => {
    if (autoApprove) void answer(approveSignIn);
  }, [autoApprove, answer]);

  if (problem) {
    return (
      <Card title={t('sso.problemTitle')}>
        <p role="alert" className="cw-sso-problem">
          {'key' in problem ? t(problem.key) : problem.text}
        </p>
      </Card>
    );
  }
  if (!info || autoApprove) {
    return (
      <Card title={t('sso.pageTitle')}>
        <p aria-busy="true">{t('sso.loading')}</p>
      </Card>
    );
  }
  const client = info.clientId;
  const cancel = (
    <button type="button" className="cw-link" disabled={busy} onClick={() => void answer(denySignIn)}>
      {t('sso.cancelBack')}
    </button>
  );
  if (!token) {
    return (
      <LoginPage
        notice={
          <span className="cw-login-subtitle">
            <Named k="sso.signInFor" values={{ client }} />
          </span>
        }
        afterSignIn={() => answer(approveSignIn)}
        footer={cancel}
      />
    );
  }
  const name = String(user.real_name || user.nick_name || user.account || '');
  return (
    <Card title={<Named k="sso.heading" values={{ client }} />}>
      <p>
        <Named k="sso.confirm" values={{ client, name }} />
      </p>
      <p className="cw-login-subtitle">
        <Named k="sso.returnTo" values={{ origin: info.redirectOrigin }} />
      </p>
      <div className="cw-sso-actions">
        <button type="button" className="cw-sso-cancel" disabled={busy} onClick={() => void answer(denySignIn)}>
          {t('sso.cancel')}
        </button>
        <button
          type="button"
          className="cw-submit"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void answer(approveSignIn)}
        >
          {t('sso.continue')}
        </button>
      </div>
      {/* ends this browser's session here; the form then signs in whoever answers the request */}
      <button type="button" className="cw-link" disabled={busy} onClick={() => void signOut(() => {})}>
        {t('sso.otherAccount')}
      </button>
    </Card>
  );
}
