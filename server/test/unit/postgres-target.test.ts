import { describe, expect, it } from 'vitest';
import { connectionProblem, postgresAddress, tooOld } from '../../src/platform/db/postgres-target.ts';

describe('a datasource URL', () => {
  it('names a PostgreSQL server and database, as JDBC or as libpq writes it', () => {
    expect(postgresAddress('jdbc:postgresql://db.example.com:6543/wh')).toEqual({
      host: 'db.example.com',
      port: 6543,
      database: 'wh',
    });
    expect(postgresAddress(' postgres://[::1]/ ')).toEqual({ host: '::1', port: 5432, database: 'postgres' });
    expect(postgresAddress('jdbc:mysql://db/wh')).toBeNull();
    expect(postgresAddress('not a url')).toBeNull();
  });
});

describe('why a connection failed', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it('tells the host, the credentials, the database and anything else apart', () => {
    expect(connectionProblem(coded('ECONNREFUSED'))).toBe('host');
    expect(connectionProblem(coded('ENOTFOUND'))).toBe('host');
    expect(connectionProblem(new Error('Connection terminated due to connection timeout'))).toBe('host');
    expect(connectionProblem(coded('28P01'))).toBe('auth');
    expect(connectionProblem(coded('28000'))).toBe('auth');
    expect(connectionProblem(new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string'))).toBe(
      'auth',
    );
    expect(connectionProblem(coded('3D000'))).toBe('database');
    expect(connectionProblem(coded('53300'))).toBe('other');
  });

  it('refuses servers older than PostgreSQL 12', () => {
    expect(tooOld(110022)).toBe(true);
    expect(tooOld(120000)).toBe(false);
    expect(tooOld(150020)).toBe(false);
  });
});
