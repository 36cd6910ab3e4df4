import net from 'node:net';

/**
 * A port free on 127.0.0.1 right now, for a test server whose public address must be known before
 * it starts (Stripe's page sends the browser back to it).
 */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
