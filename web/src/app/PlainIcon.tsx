import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import type { CSSProperties } from 'react';

/**
 * An antd icon drawn from its definition as a plain svg, for the pages drawn without antd (the login
 * page): @ant-design/icons would bring antd's style machinery into the first load (issue 17).
 * Decoration: its control or text names it.
 */
export function PlainIcon({ icon, style }: { icon: IconDefinition; style?: CSSProperties }) {
  if (typeof icon.icon === 'function') throw new Error('a two-tone icon is not drawn here');
  const { attrs, children = [] } = icon.icon;
  return (
    <span aria-hidden="true" className="cw-icon" style={style}>
      <svg aria-hidden="true" viewBox={attrs.viewBox} width="1em" height="1em" fill="currentColor" focusable="false">
        {children.map((child) => (
          <path key={child.attrs.d} d={child.attrs.d} />
        ))}
      </svg>
    </span>
  );
}
