import { describe, expect, it } from 'vitest';
import { isPage, mayOpen } from '../src/app/pages.tsx';
import { processPath, processRoute } from '../src/app/process-routes.ts';

describe('the process pages (spec §2 leave routes, an outbound request’s)', () => {
  it('read their ids from the path, by kind and screen', () => {
    expect(processRoute('/work/process/leave/form/Leave:1:7')).toEqual({
      kind: 'leave',
      screen: 'form',
      ids: ['Leave:1:7'],
      label: 'leave.form',
    });
    expect(processRoute('/work/process/leave/handle/11/22/33')).toMatchObject({
      screen: 'handle',
      ids: ['11', '22', '33'],
    });
    expect(processRoute('/work/process/delivery/detail/22/44')).toMatchObject({
      kind: 'delivery',
      label: 'delivery.approval.detail',
      ids: ['22', '44'],
    });
  });

  it('are nothing else: another kind, a screen the kind lacks, ids missing or too many', () => {
    for (const path of [
      '/work/process/expense/form/1',
      '/work/process/delivery/form/1',
      '/work/process/leave/handle/1/2',
      '/work/process/leave/detail/1/2/3',
      '/work/process/leave/detail/1//3',
      '/work/start',
      '/x/work/process/leave/form/1',
    ])
      expect(processRoute(path), path).toBeUndefined();
  });

  it('are pages anyone signed in may open, and are built back from their parts', () => {
    const path = processPath('leave', 'form', 'Leave:1:7');
    expect(path).toBe('/work/process/leave/form/Leave%3A1%3A7');
    expect(processRoute(path)?.ids).toEqual(['Leave:1:7']);
    expect(isPage(path)).toBe(true);
    expect(mayOpen(path, [])).toBe(true);
    expect(isPage('/work/process/expense/form/1')).toBe(false);
  });
});
