import { describe, expect, it } from 'vitest';
import { checkedLeaves, type GrantNode, menusToGrant, scopesToGrant } from '../src/pages/authority/role/grant-tree.ts';

const node = (id: string, children?: GrantNode[]): GrantNode => ({ id, key: id, title: id, children });
// system > user > (user_add, user_view); system > post (a leaf); desk (a leaf)
const menus = [node('system', [node('user', [node('user_add'), node('user_view')]), node('post')]), node('desk')];

describe('the role grant trees', () => {
  it('tick only the leaves a role holds, so a held parent does not tick children it lacks', () => {
    expect(checkedLeaves(menus, ['system', 'user', 'user_view', 'desk'])).toEqual(['user_view', 'desk']);
  });

  it('grant every menu above a checked button, and no menu without one', () => {
    expect(menusToGrant(menus, ['user_view'])).toEqual(['user_view', 'user', 'system']);
    expect(menusToGrant(menus, ['post', 'desk']).sort()).toEqual(['desk', 'post', 'system']);
    expect(menusToGrant(menus, [])).toEqual([]);
  });

  it('grant scopes only, not the menus that group them', () => {
    const scopes = [node('user', [node('scope-1'), node('scope-2')])];
    expect(scopesToGrant(scopes, ['user', 'scope-1', 'scope-2'])).toEqual(['scope-1', 'scope-2']);
  });
});
