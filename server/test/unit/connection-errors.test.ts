import { describe, expect, it } from 'vitest';
import { isConnectionLost } from '../../src/platform/db/connection-errors.ts';
import { unavailableDependency } from '../../src/platform/http/unavailable.ts';
import { StoreUnavailableError } from '../../src/platform/store/store.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('a lost database connection', () => {
  it('is told by the server codes, the network codes and the driver messages', () => {
    for (const code of ['57P01', '57P02', '57P03', '08000', '08003', '08006', '08P01', 'ECONNRESET', 'ECONNREFUSED']) {
      expect(isConnectionLost(withCode(code)), code).toBe(true);
    }
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isConnectionLost(new Error(message)), message).toBe(true);
    }
  });

  it('is not any other error of a query', () => {
    expect(isConnectionLost(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isConnectionLost(withCode('42601', 'syntax error'))).toBe(false);
    expect(isConnectionLost(new Error('boom'))).toBe(false);
    expect(isConnectionLost('Connection terminated')).toBe(false);
  });
});

describe('the dependency an error names', () => {
  it('is the store, the database, or none', () => {
    expect(unavailableDependency(new StoreUnavailableError(new Error('Connection is closed.')))).toBe('store');
    expect(unavailableDependency(withCode('57P01'))).toBe('database');
    expect(unavailableDependency(new Error('boom'))).toBeNull();
  });
});
