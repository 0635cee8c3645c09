import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The messages a form shows are text of the language they were made in: when the language changes,
 * the fields showing one are checked again, so their rules (rebuilt by then with the new `t`) say it anew.
 */
export function useErrorsFollowLanguage(form: FormInstance): void {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const shownIn = useRef(language);
  useEffect(() => {
    if (shownIn.current === language) return;
    shownIn.current = language;
    const shown = form
      .getFieldsError()
      .filter((f) => f.errors.length)
      .map((f) => f.name);
    if (shown.length) form.validateFields(shown).catch(() => undefined);
  }, [form, language]);
}
