/**
 * The website settings of the original Saber client (saber-frontend-facts.md), in one place.
 * The client id and secret identify this web client to the server; they are not a user's secret.
 */
export const website = {
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tenantMode: true,
  tenantId: '000000',
  captchaMode: false,
  switchMode: false,
  tokenHeader: 'Blade-Auth',
  /** Token age in seconds after which the client refreshes it. */
  tokenTime: 3000,
  /** Prefix of every storage key. */
  key: 'saber',
  /** Answer codes rejected without a message. */
  statusWhiteList: [] as number[],
  requestTimeoutMs: 10_000,
  firstPage: '/wel/index',
  lockPage: '/lock',
} as const;
