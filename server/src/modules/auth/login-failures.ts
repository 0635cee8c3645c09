import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AnyDb } from '../../platform/tenancy/tenant-db.ts';

const WINDOW = sql`interval '30 minutes'`;
const LOCK = sql`interval '30 minutes'`;
/** How long an address that signed in to an account stays known to it. */
const TRUST = sql`interval '90 days'`;
/** The row of the account as a whole: its lock, and the failures from addresses it never signed in from. */
const WHOLE = '*';
/**
 * Failures from unknown addresses, all together, past which every unknown address needs the captcha
 * for the account (an attacker with many addresses); a multiple of `account.failCount`.
 */
const SPREAD_FACTOR = 4;

/**
 * What a sign-in attempt may do: check the password, or be refused before that (`locks`: refused,
 * and this very attempt locked the account, which the usual log records).
 */
export type Verdict = 'check' | 'locked' | 'locks' | 'captcha';

export interface Attempt {
  tenantId: string;
  account: string;
  /** The client's address; only its digest is kept. */
  address: string;
  /** `account.failCount`. */
  limit: number;
  /** The attempt came with a correct captcha (the captcha grant). */
  captchaPassed: boolean;
}

const digest = (address: string) => createHash('sha256').update(address).digest('base64url').slice(0, 22);
const accountKey = (account: string) => account.trim().toLowerCase().slice(0, 100);

/**
 * Sign-in failures per account and client address, in the database (a restart forgets no lockout).
 * The lockout hurts the attacker rather than the owner:
 * - an address the account signed in from before (its owner's, as far as we know) keeps BladeX's
 *   rule: `account.failCount` failures there lock the account for 30 minutes; `unlock` clears it;
 * - any other address gets `account.failCount` tries, then must solve the captcha for each further
 *   attempt on that account; it never locks the account. So do all unknown addresses once they
 *   failed `SPREAD_FACTOR` times the limit together (many addresses against one account).
 * Each attempt is counted before its password is checked, so attempts made at once cannot slip past.
 */
export function loginFailures(db: AnyDb) {
  async function state(tenantId: string, account: string, address: string) {
    const { rows } = await sql<{ address: string; locked: boolean; trusted: boolean }>`
      select address, coalesce(locked_until > now(), false) as locked, coalesce(trusted_until > now(), false) as trusted
      from blade_login_guard where tenant_id = ${tenantId} and account = ${account} and address in (${address}, ${WHOLE})`.execute(
      db,
    );
    const whole = rows.find((r) => r.address === WHOLE);
    const here = rows.find((r) => r.address === address);
    return { locked: Boolean(whole?.locked), trusted: Boolean(here?.trusted) };
  }

  /** Counts one more failure (or attempt) in the row's 30-minute window; answers the count. */
  async function count(tenantId: string, account: string, address: string): Promise<number> {
    const { rows } = await sql<{ failures: number }>`
      insert into blade_login_guard as g (tenant_id, account, address, failures, window_end)
      values (${tenantId}, ${account}, ${address}, 1, now() + ${WINDOW})
      on conflict (tenant_id, account, address) do update set
        failures = case when g.window_end > now() then g.failures + 1 else 1 end,
        window_end = case when g.window_end > now() then g.window_end else excluded.window_end end
      returning failures`.execute(db);
    return rows[0]?.failures ?? 1;
  }

  const lock = (tenantId: string, account: string) =>
    sql`
      insert into blade_login_guard as g (tenant_id, account, address, locked_until)
      values (${tenantId}, ${account}, ${WHOLE}, now() + ${LOCK})
      on conflict (tenant_id, account, address) do update set locked_until = excluded.locked_until`.execute(db);

  // Rows of accounts nobody tried for a while (guessed names included) go; known addresses and locks stay.
  const purge = () =>
    sql`
      delete from blade_login_guard where window_end < now() - ${WINDOW}
        and coalesce(locked_until, now()) <= now() and coalesce(trusted_until, now()) <= now()`.execute(db);

  return {
    /** Counts the attempt; answers whether its password may be checked. */
    async attempt(input: Attempt): Promise<Verdict> {
      const account = accountKey(input.account);
      const address = digest(input.address);
      if (Math.random() < 0.01) await purge();
      const { locked, trusted } = await state(input.tenantId, account, address);
      if (locked) return 'locked';
      const here = await count(input.tenantId, account, address);
      if (trusted) {
        if (here <= input.limit) return 'check';
        await lock(input.tenantId, account);
        return 'locks';
      }
      const spread = await count(input.tenantId, account, WHOLE);
      const needsCaptcha = here > input.limit || spread > input.limit * SPREAD_FACTOR;
      return needsCaptcha && !input.captchaPassed ? 'captcha' : 'check';
    },
    /**
     * After a wrong password: the failure that reaches the limit at a known address locks the account.
     * Answers whether it did.
     */
    async failed(input: Attempt): Promise<boolean> {
      const account = accountKey(input.account);
      const address = digest(input.address);
      const { rows } = await sql<{ failures: number }>`
        select failures from blade_login_guard where tenant_id = ${input.tenantId} and account = ${account}
          and address = ${address} and trusted_until > now() and window_end > now()`.execute(db);
      if ((rows[0]?.failures ?? 0) < input.limit) return false;
      await lock(input.tenantId, account);
      return true;
    },
    /** After a sign-in: this address is the account's from now on, and its count starts again. */
    async succeeded(tenantId: string, accountName: string, clientAddress: string): Promise<void> {
      await sql`
        insert into blade_login_guard as g (tenant_id, account, address, failures, trusted_until)
        values (${tenantId}, ${accountKey(accountName)}, ${digest(clientAddress)}, 0, now() + ${TRUST})
        on conflict (tenant_id, account, address) do update set failures = 0, trusted_until = excluded.trusted_until`.execute(
        db,
      );
    },
    /** An administrator's unlock: the lock and every count of the account go; known addresses stay known. */
    async unlock(tenantId: string, accountName: string): Promise<void> {
      const account = accountKey(accountName);
      await sql`delete from blade_login_guard where tenant_id = ${tenantId} and account = ${account} and address = ${WHOLE}`.execute(
        db,
      );
      await sql`update blade_login_guard set failures = 0 where tenant_id = ${tenantId} and account = ${account}`.execute(
        db,
      );
    },
  };
}
export type LoginFailures = ReturnType<typeof loginFailures>;
