import { createHash, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';

/** A registered OAuth client of the product, as the partner application holds it. */
export interface PartnerClient {
  id: string;
  secret: string;
}

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, body: string, status = 200) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><title>Partner app</title></head><body><main>${body}</main></body></html>`,
  );
}

/**
 * Another web application on its own loopback origin that signs its users in through the product
 * (single sign-on): its page sends the browser to the authorize endpoint with state and a PKCE
 * challenge; its redirect URI's backend exchanges the code with the client secret, reads the user
 * with the access token and shows the name. Refusals (`error=…`, a refused exchange) are shown too.
 */
export async function startPartnerApp(port: number, product: string, client: PartnerClient) {
  const origin = `http://127.0.0.1:${port}`;
  const redirectUri = `${origin}/callback`;
  const verifiers = new Map<string, string>();
  const basic = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;

  async function callback(url: URL, res: ServerResponse) {
    const error = url.searchParams.get('error');
    if (error) return page(res, `<p id="result">Refused: ${html(error)}</p>`);
    const state = url.searchParams.get('state') ?? '';
    const verifier = verifiers.get(state);
    verifiers.delete(state);
    if (!verifier) return page(res, '<p id="result">Refused: unknown state</p>', 400);
    const exchange = await fetch(`${product}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: url.searchParams.get('code') ?? '',
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
    });
    const tokens = (await exchange.json()) as Record<string, string>;
    if (!exchange.ok) return page(res, `<p id="result">Refused: ${html(tokens.error_description ?? '')}</p>`, 400);
    const info = await fetch(`${product}/api/blade-auth/oauth/user-info`, {
      headers: { 'blade-auth': `bearer ${tokens.access_token}` },
    });
    const user = ((await info.json()) as { data: { account: string } }).data;
    const name = tokens.real_name || tokens.nick_name;
    page(res, `<p id="result">Signed in as ${html(name ?? '')} (${html(user.account)})</p>`);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/callback') {
      callback(url, res).catch((error) => page(res, `<p id="result">Failed: ${html(String(error))}</p>`, 500));
      return;
    }
    if (url.pathname === '/signin') {
      const state = randomBytes(16).toString('base64url');
      const verifier = randomBytes(32).toString('base64url');
      verifiers.set(state, verifier);
      const query = new URLSearchParams({
        client_id: client.id,
        redirect_uri: redirectUri,
        response_type: 'code',
        state,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      });
      res.writeHead(302, { location: `${product}/api/blade-auth/oauth/authorize?${query}` });
      return res.end();
    }
    page(res, '<h1>Partner app</h1><a href="/signin">Sign in with Cloud Warehouse</a>');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin, redirectUri, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
