import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import Provider from 'oidc-provider';

/** Someone the test identity providers sign in (the test says who is next). */
export interface IdpUser {
  sub: string;
  name: string;
  email: string;
}

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
const shut = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 with one confidential client. Its login
 * and consent are answered at once for `user` (the test's stand-in for someone typing at the provider).
 */
export async function startOidcIdp(client: { clientId: string; secret: string; redirectUris: string[] }) {
  const server = http.createServer();
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}`;
  const idp = { url, user: { sub: 'alice', name: 'Alice', email: 'alice@example.com' } as IdpUser };
  const users = new Map<string, IdpUser>();
  const provider = new Provider(url, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.secret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: [randomBytes(16).toString('hex')] },
    // a key of its own (RS256, the default ID token algorithm), not the library's published quick-start key
    jwks: {
      keys: [
        { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), use: 'sig' },
      ],
    },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => {
        const user = users.get(sub) ?? { sub, name: sub, email: `${sub}@example.com` };
        return { sub, name: user.name, email: user.email, preferred_username: sub };
      },
    }),
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const accountId = details.session?.accountId ?? idp.user.sub;
      users.set(idp.user.sub, idp.user);
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return Object.assign(idp, { close: () => shut(server) });
}

/**
 * A plain OAuth2 provider with GitHub's endpoints and answers on 127.0.0.1: `authorize` approves at once
 * for `user`, `access_token` checks the client, the redirect URI and PKCE (S256) and takes a code once
 * (GitHub answers a bad code with 200 and an `error`), `/user` answers GitHub's user fields.
 */
export async function startGithubStub(client: { clientId: string; secret: string }) {
  // a hanging token request must not hold the close
  const app = Fastify({ forceCloseConnections: true });
  await app.register(import('@fastify/formbody'));
  const state = {
    user: { sub: '583231', name: 'Octo Cat', email: 'octo@example.com' } as IdpUser,
    /** Every access token issued (none may reach a log or an answer of the server). */
    tokens: [] as string[],
    /** Hang the token endpoint (a provider that never answers). */
    hang: false,
  };
  const codes = new Map<string, { user: IdpUser; redirectUri: string; challenge?: string }>();
  const tokens = new Map<string, IdpUser>();
  app.get('/login/oauth/authorize', async (request, reply) => {
    const q = request.query as Record<string, string>;
    if (q.client_id !== client.clientId) return reply.code(404).send('unknown client');
    const code = randomBytes(10).toString('hex');
    codes.set(code, { user: state.user, redirectUri: q.redirect_uri!, challenge: q.code_challenge });
    const back = new URL(q.redirect_uri!);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.state!);
    return reply.redirect(back.href, 302);
  });
  app.post('/login/oauth/access_token', async (request, reply) => {
    if (state.hang) return new Promise(() => {});
    const body = request.body as Record<string, string>;
    const bad = (error: string) => reply.send({ error, error_description: error });
    if (body.client_id !== client.clientId || body.client_secret !== client.secret)
      return bad('incorrect_client_credentials');
    const kept = codes.get(body.code ?? '');
    codes.delete(body.code ?? '');
    if (!kept) return bad('bad_verification_code');
    if (kept.redirectUri !== body.redirect_uri) return bad('redirect_uri_mismatch');
    const verifier = body.code_verifier ?? '';
    if (kept.challenge && createHash('sha256').update(verifier).digest('base64url') !== kept.challenge) {
      return bad('bad_verification_code');
    }
    const token = `gho_${randomBytes(18).toString('hex')}`;
    tokens.set(token, kept.user);
    state.tokens.push(token);
    return reply.send({ access_token: token, token_type: 'bearer', scope: 'read:user' });
  });
  app.get('/user', async (request, reply) => {
    const user = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /i, ''));
    if (!user) return reply.code(401).send({ message: 'Bad credentials' });
    return {
      id: Number(user.sub),
      login: user.sub === '583231' ? 'octocat' : `u${user.sub}`,
      name: user.name,
      avatar_url: 'https://avatars.example/u.png',
      email: user.email,
    };
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return Object.assign(state, { url, close: () => app.close() });
}

/** A loopback port where nothing listens (a provider that is down). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  const port = await listen(server);
  await shut(server);
  return port;
}
