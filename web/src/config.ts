/**
 * The website settings of the original Saber client (saber-frontend-facts.md), in one place.
 * The client id and secret identify this web client to the server; they are not a user's secret.
 */
export const website = {
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tenantMode: true,
  tenantId: '000000',
  // The two modes are typed boolean, not false: component tests turn them on by mocking this module.
  /** The captcha on the login page (the captcha grant). */
  captchaMode: false as boolean,
  /** The dept/role switch in the user menu; token grants then ask for the chosen `Dept-Id` / `Role-Id`. */
  switchMode: false as boolean,
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
