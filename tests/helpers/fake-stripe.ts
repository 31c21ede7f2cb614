import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local server speaking the one Stripe endpoint we call, recording what it was sent. */
export function startFakeStripe() {
  const created: URLSearchParams[] = [];
  let counter = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        created.push(form);
        const id = `cs_test_${++counter}`;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.test/pay/${id}`,
          }),
        );
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'not found' } }));
    });
  });
  return new Promise<{ port: number; created: URLSearchParams[]; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        resolve({
          port: (server.address() as AddressInfo).port,
          created,
          close: () => new Promise((done) => server.close(() => done())),
        });
      });
    },
  );
}
