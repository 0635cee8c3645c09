import { type Envelope, http } from './http.ts';

const AUTHORIZE = '/blade-auth/oauth/authorize';

/** A client's waiting sign-in request (single sign-on): who asks, and where the user goes back to. */
export interface SignInRequest {
  clientId: string;
  redirectOrigin: string;
  /** The client's autoapprove: a signed-in user goes on without the question. */
  autoApprove: boolean;
}

/** Quiet: the page shows each failure in its own card. */
export const fetchSignInRequest = (request: string) =>
  http<Envelope<SignInRequest>>({ url: `${AUTHORIZE}/request`, params: { request }, quiet: true }).then((r) => r.data);

/** Answers the request for the signed-in user: the client's redirect URI with the code. */
export const approveSignIn = (request: string) =>
  http<Envelope<{ redirect: string }>>({
    url: `${AUTHORIZE}/approve`,
    method: 'POST',
    data: { request },
    quiet: true,
  }).then((r) => r.data.redirect);

/** Refuses the request: the client's redirect URI with error=access_denied. */
export const denySignIn = (request: string) =>
  http<Envelope<{ redirect: string }>>({
    url: `${AUTHORIZE}/deny`,
    method: 'POST',
    data: { request },
    withToken: false,
    quiet: true,
  }).then((r) => r.data.redirect);
