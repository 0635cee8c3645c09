import { useTranslation } from 'react-i18next';
import { renderUrl } from '../../api/social.ts';
import { useSocialButtons } from './use-social.ts';

/** A link per enabled third-party provider of the tenant: the server sends the browser on to the provider. */
export function SocialButtons({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const buttons = useSocialButtons(tenantId);
  if (buttons.length === 0) return null;
  return (
    <nav className="cw-social" aria-label={t('login.social.heading')}>
      <span className="cw-social-title">{t('login.social.heading')}</span>
      {buttons.map((b) => (
        <a key={b.source} className="cw-social-link" href={renderUrl(b.source, tenantId.trim())}>
          {t('login.social.with', { name: b.name })}
        </a>
      ))}
    </nav>
  );
}
