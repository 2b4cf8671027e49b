import type { AppError } from "#server/lib/app-error.ts";
import {
  createMemoryRateLimitStore,
  type RateLimitStore,
  tooManyRequests,
} from "#server/lib/rate-limit.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The numbers of sign-in throttling (docs/security.md, "Sign-in throttling").
 *
 * - An account (e-mail address) takes 10 failed attempts from clients it does
 *   not know within 15 minutes; then it is locked for those clients for 15
 *   minutes, and each further lock within a week lasts twice as long (30
 *   minutes, 1 hour, … at most 24 hours).
 * - A client address that signed into the account within the last 30 days
 *   is known to it and has a bucket of its own that never locks: 5 free
 *   failures, then a wait before each further attempt that doubles (1 s,
 *   2 s, 4 s, … at most 15 minutes). An attacker elsewhere cannot lock the
 *   owner out, and the owner's typos cost seconds.
 * - A client address takes 30 failed attempts within 15 minutes, over all
 *   accounts (password spraying); then it is locked for 15 minutes, doubling
 *   per lock within a week, at most 24 hours.
 *
 * Every attempt is counted before its password is checked (and given back
 * when it succeeds), so parallel attempts can never check more passwords than
 * the limits allow.
 *
 * Which clients an account knows is kept apart from the counters, in a store
 * of its own (`known`) that only successful sign-ins write: failures from any
 * number of addresses fill the counters' store, never this one, so they
 * cannot push the owner's marker out. It is bounded by `knownClients`
 * markers; past that, the least recent sign-ins are forgotten first.
 */
export const LOGIN_LIMITS = {
  accountFailures: 10,
  clientFailures: 30,
  window: 15 * MINUTE,
  lockBase: 15 * MINUTE,
  lockMax: 24 * HOUR,
  strikeMemory: 7 * 24 * HOUR,
  knownFor: 30 * 24 * HOUR,
  knownFreeFailures: 5,
  knownDelayBase: 1000,
  knownDelayMax: 15 * MINUTE,
  knownMemory: 24 * HOUR,
  knownClients: 10_000,
} as const;

export const TOO_MANY_SIGN_INS = "Too many failed sign-in attempts.";

/** A lock a failure started: on the account (for clients it does not know) or on the client. */
export type LoginLock = { scope: "account" | "client"; ms: number };

/** One reserved sign-in attempt, to be closed with `failed` or `succeeded`. */
export type LoginAttempt = {
  email: string;
  client: string;
  known: boolean;
  /** This attempt's number in the account's (or the known client's) bucket. */
  accountCount: number;
  /** This attempt's number in the client's bucket. */
  clientCount: number;
};

export function createLoginThrottle(
  store: RateLimitStore,
  now: () => number = Date.now,
  known: RateLimitStore = createMemoryRateLimitStore({
    now,
    maxEntries: LOGIN_LIMITS.knownClients,
  }),
) {
  const L = LOGIN_LIMITS;
  const keys = (email: string, client: string) => ({
    clientFailures: `login:client:${client}`,
    clientLock: `login:client-lock:${client}`,
    clientStrikes: `login:client-strikes:${client}`,
    accountFailures: `login:account:${email}`,
    accountLock: `login:account-lock:${email}`,
    accountStrikes: `login:account-strikes:${email}`,
    known: `login:known:${email}|${client}`,
    ownFailures: `login:own:${email}|${client}`,
    ownWait: `login:own-wait:${email}|${client}`,
  });

  async function activeUntil(key: string): Promise<number | null> {
    const entry = await store.peek(key);
    return entry && entry.resetAt > now() ? entry.resetAt : null;
  }

  /** A lock that doubles with each strike within a week (strikeMemory). */
  async function lock(lockKey: string, strikesKey: string): Promise<number> {
    const { count } = await store.hit(strikesKey, L.strikeMemory, { keep: true });
    const duration = Math.min(L.lockMax, L.lockBase * 2 ** Math.min(count - 1, 16));
    await store.hit(lockKey, duration, { keep: true });
    return duration;
  }

  /**
   * Reserves an attempt before the password is checked, or throws a 429
   * (message "Too many failed sign-in attempts. Please try again in …", or
   * `lead` in place of the first sentence; Retry-After) without checking it.
   */
  async function begin(
    email: string,
    client: string,
    lead: string = TOO_MANY_SIGN_INS,
  ): Promise<LoginAttempt> {
    const refused = (waitMs: number): AppError => tooManyRequests(lead, waitMs);
    const k = keys(email, client);
    /**
     * A lock another attempt started between this one's first look and its
     * counting (it reached the limit, locked and started the count again):
     * this attempt is given back and refused, so no more passwords are checked
     * than the limit allows however the store interleaves parallel attempts.
     */
    async function refuseIfLockedMeanwhile(lockKey: string, counted: string[]) {
      const locked = await activeUntil(lockKey);
      if (!locked) return;
      for (const key of counted) await store.refund(key);
      throw refused(locked - now());
    }
    const clientLocked = await activeUntil(k.clientLock);
    if (clientLocked) throw refused(clientLocked - now());
    const isKnown = (await known.peek(k.known)) !== null;
    if (isKnown) {
      const wait = await activeUntil(k.ownWait);
      if (wait) throw refused(wait - now());
    } else {
      const locked = await activeUntil(k.accountLock);
      if (locked) throw refused(locked - now());
    }

    const clientHit = await store.hit(k.clientFailures, L.window);
    if (clientHit.count > L.clientFailures) {
      await store.refund(k.clientFailures);
      throw refused(clientHit.resetAt - now());
    }
    if (isKnown) {
      const own = await store.hit(k.ownFailures, L.knownMemory);
      if (own.count > L.knownFreeFailures) {
        // Past the free failures each attempt opens a wait for the next one;
        // of attempts arriving together only the first gets through.
        const step = own.count - L.knownFreeFailures - 1;
        const delay = Math.min(L.knownDelayMax, L.knownDelayBase * 2 ** Math.min(step, 20));
        const gate = await store.hit(k.ownWait, delay);
        if (gate.count > 1) {
          await store.refund(k.ownFailures);
          await store.refund(k.clientFailures);
          throw refused(gate.resetAt - now());
        }
      }
      await refuseIfLockedMeanwhile(k.clientLock, [k.ownFailures, k.clientFailures]);
      return { email, client, known: true, accountCount: own.count, clientCount: clientHit.count };
    }
    const account = await store.hit(k.accountFailures, L.window);
    if (account.count > L.accountFailures) {
      await store.refund(k.clientFailures);
      throw refused(account.resetAt - now());
    }
    await refuseIfLockedMeanwhile(k.accountLock, [k.accountFailures, k.clientFailures]);
    await refuseIfLockedMeanwhile(k.clientLock, [k.accountFailures, k.clientFailures]);
    return {
      email,
      client,
      known: false,
      accountCount: account.count,
      clientCount: clientHit.count,
    };
  }

  /**
   * The password was wrong: the attempt stays counted, and a limit reached
   * locks. Answers the locks this failure started (for the audit log: each
   * lock is started by exactly one failure, however many attempts it refuses).
   */
  async function failed(attempt: LoginAttempt): Promise<LoginLock[]> {
    const k = keys(attempt.email, attempt.client);
    const locks: LoginLock[] = [];
    // Counts are handed out one by one, so exactly one attempt reaches each limit.
    if (attempt.clientCount === L.clientFailures) {
      locks.push({ scope: "client", ms: await lock(k.clientLock, k.clientStrikes) });
      await store.reset(k.clientFailures);
    }
    if (!attempt.known && attempt.accountCount === L.accountFailures) {
      locks.push({ scope: "account", ms: await lock(k.accountLock, k.accountStrikes) });
      await store.reset(k.accountFailures);
    }
    return locks;
  }

  /**
   * The password was right: the attempt is given back to the client, the
   * account's failure counts start over, and, with `remember` (an active
   * account: one nobody can create by registering), the client is known to
   * the account from now on. Locks and their history stay.
   */
  async function succeeded(
    attempt: LoginAttempt,
    { remember = true }: { remember?: boolean } = {},
  ): Promise<void> {
    const k = keys(attempt.email, attempt.client);
    await store.refund(k.clientFailures);
    await store.reset(k.accountFailures);
    await store.reset(k.ownFailures);
    await store.reset(k.ownWait);
    if (!remember) return;
    // Written again, so the marker counts as the most recent (see `known`).
    await known.reset(k.known);
    await known.hit(k.known, L.knownFor);
  }

  return { begin, failed, succeeded };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
