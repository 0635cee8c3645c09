import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { PlainIcon } from '../../app/PlainIcon.tsx';

/**
 * A labelled input with its icon and the message of its rule, drawn without antd (the login page,
 * issue 17): the message is tied to the input (aria-describedby, aria-invalid) and announced.
 */
export function PlainField({
  id,
  label,
  icon,
  error,
  after,
  ...input
}: {
  id: string;
  label: string;
  icon: IconDefinition;
  error?: string;
  /** A control beside the input (the captcha's image, the password's show button). */
  after?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}_help`;
  return (
    <div className={error ? 'cw-field cw-field-error' : 'cw-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="cw-field-row">
        <span className="cw-input">
          <PlainIcon icon={icon} />
          <input id={id} aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} {...input} />
        </span>
        {after}
      </div>
      <div id={errorId} className="cw-field-help" role="alert">
        {error}
      </div>
    </div>
  );
}

/**
 * A button's text as antd writes it: two Chinese characters get a space between them (登 录), so
 * the login page reads and is named as before.
 */
export const buttonText = (text: string) => (/^[\u4e00-\u9fa5]{2}$/.test(text) ? text.split('').join(' ') : text);
