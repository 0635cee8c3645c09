import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntdProviders } from '../src/app/antd/AntdProviders.tsx';

/** A system setting for motion that the test turns, as a user does in their system's settings. */
function systemMotionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduce;
    },
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) =>
    query === list.media ? list : { matches: false, media: query, addEventListener() {}, removeEventListener() {} },
  );
  return {
    turn(to: boolean) {
      reduce = to;
      for (const listener of listeners) listener();
    },
  };
}

function MotionShown() {
  const { token } = theme.useToken();
  return <output>{token.motion ? 'motion' : 'still'}</output>;
}

afterEach(() => vi.unstubAllGlobals());

describe('antd follows the system’s reduced-motion setting', () => {
  it('draws without motion while the user asks for less, and with it again when they turn that off', async () => {
    const setting = systemMotionSetting(true);
    render(
      <AntdProviders>
        <MotionShown />
      </AntdProviders>,
    );
    expect((await screen.findByRole('status')).textContent).toBe('still');
    act(() => setting.turn(false));
    expect(screen.getByRole('status').textContent).toBe('motion');
  });

  it('keeps antd’s motion by default', async () => {
    systemMotionSetting(false);
    render(
      <AntdProviders>
        <MotionShown />
      </AntdProviders>,
    );
    expect((await screen.findByRole('status')).textContent).toBe('motion');
  });
});
