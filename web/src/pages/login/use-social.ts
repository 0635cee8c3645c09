import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { HttpError } from '../../api/http.ts';
import { fetchSocialButtons, loginBySocial, type SocialButton, UNREGISTERED } from '../../api/social.ts';
import { showError } from '../../app/feedback.ts';
import { useMenu } from '../../app/menu-store.ts';
import { useSession } from '../../app/session.ts';

/** The refusals of `render/{source}` that the login page says (it shows no text a link could bring). */
const RENDER_ERRORS = ['auth.social.source.unknown', 'auth.social.source.disabled', 'auth.social.unreachable'];

/** A third-party identity that no user has: the registration dialog links or registers it. */
export interface Unregistered {
  oauthId: string;
  tenantId: string;
}

// A state is good once: one grant per state, however often the page's effect runs (StrictMode runs it twice).
const handled = new Set<string>();
// The dialog's identity, handed to the login page the redirect page leaves for (another route, a new page).
let handedOver: Unregistered | null = null;

/** The tenant's enabled providers, for the buttons (none while no tenant is typed, or when they cannot be read). */
export function useSocialButtons(tenantId: string): SocialButton[] {
  const [buttons, setButtons] = useState<SocialButton[]>([]);
  useEffect(() => {
    if (!tenantId.trim()) return setButtons([]);
    let current = true;
    const timer = setTimeout(() => {
      fetchSocialButtons(tenantId.trim()).then(
        (found) => current && setButtons(found),
        () => current && setButtons([]),
      );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [tenantId]);
  return buttons;
}

/**
 * The provider's redirect (`/oauth/redirect/{source}?code&state`): the social grant signs in, or an
 * unknown identity opens the registration dialog; `/login?social_error=` says why `render` sent back.
 */
export function useSocialCallback(): { unregistered: Unregistered | null; busy: boolean } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { source } = useParams();
  const [query] = useSearchParams();
  const [unregistered] = useState<Unregistered | null>(() => {
    const taken = handedOver;
    handedOver = null;
    return taken;
  });
  const [busy, setBusy] = useState(false);
  const code = query.get('code');
  const state = query.get('state');
  const providerError = query.get('error');
  const renderError = query.get('social_error');

  useEffect(() => {
    if (renderError && RENDER_ERRORS.includes(renderError)) {
      showError(t(`login.social.${renderError.split('.').slice(2).join('_')}`, { source: query.get('source') ?? '' }));
    }
  }, [renderError, query, t]);

  useEffect(() => {
    if (!source) return;
    if (providerError || !code || !state) {
      showError(t('login.social.denied'));
      navigate('/login', { replace: true });
      return;
    }
    if (handled.has(state)) return;
    handled.add(state);
    const tenantId = state.split('.')[0] ?? '';
    setBusy(true);
    loginBySocial({ tenantId, source, code, state, iss: query.get('iss') ?? undefined })
      .then(async (answer) => {
        useSession.getState().signIn(answer);
        await useMenu.getState().load();
        navigate('/', { replace: true });
      })
      .catch((error: unknown) => {
        const body = error instanceof HttpError ? (error.body as { oauth_id?: string } | null) : null;
        if (error instanceof HttpError && error.key === UNREGISTERED && body?.oauth_id) {
          handedOver = { oauthId: body.oauth_id, tenantId };
        } else {
          showError(error instanceof Error ? error.message : String(error));
        }
        setBusy(false);
        navigate('/login', { replace: true });
      });
  }, [source, code, state, providerError, query, navigate, t]);

  return { unregistered, busy };
}
