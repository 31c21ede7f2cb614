import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local server speaking the Stripe endpoints we call, recording what it was sent. */
export function startFakeStripe() {
  const created: URLSearchParams[] = [];
  const customers: { form: URLSearchParams; idempotencyKey: string | undefined }[] = [];
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
      if (request.method === 'POST' && request.url === '/v1/customers') {
        const key = request.headers['idempotency-key'];
        customers.push({
          form: new URLSearchParams(body),
          idempotencyKey: Array.isArray(key) ? key[0] : key,
        });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: `cus_test_${customers.length}`, object: 'customer' }));
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'not found' } }));
    });
  });
  return new Promise<{
    port: number;
    created: URLSearchParams[];
    customers: typeof customers;
    close: () => Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        created,
        customers,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
