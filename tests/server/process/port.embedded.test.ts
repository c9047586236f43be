import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { bindPort, PortInUse } from '../../../server/process/port';

function listenOn(port: number): Promise<net.Server> {
  const server = net.createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port }, () => resolve(server));
  });
}

function close(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('bindPort', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  it('refuses a port in use, saying which and what to do', async () => {
    const other = await listenOn(0);
    const { port } = other.address() as net.AddressInfo;
    try {
      const refusal = bindPort('127.0.0.1', port);
      await expect(refusal).rejects.toBeInstanceOf(PortInUse);
      await expect(refusal).rejects.toThrow(
        `Port ${port} is already in use (on 127.0.0.1). Stop what is using it, or set PORT to another port.`,
      );
    } finally {
      await close(other);
    }
  });

  it('holds the port from the start, and the app then serves on that very socket', async () => {
    const bound = await bindPort('127.0.0.1', 0);
    // While the app is being built, nobody else can take the port.
    await expect(listenOn(bound.port)).rejects.toMatchObject({ code: 'EADDRINUSE' });

    app = Fastify({ serverFactory: bound.serverFactory });
    app.get('/ping', async () => ({ pong: true }));
    await app.listen({ host: '127.0.0.1', port: bound.port });
    const response = await fetch(`http://127.0.0.1:${bound.port}/ping`);
    expect(await response.json()).toEqual({ pong: true });

    await app.close();
    app = undefined;
    await close(await listenOn(bound.port));
  });

  it("gives the app's server the timeouts Fastify gives its own", async () => {
    const bound = await bindPort('127.0.0.1', 0);
    app = Fastify({ serverFactory: bound.serverFactory });
    const plain = Fastify();
    expect({
      keepAliveTimeout: app.server.keepAliveTimeout,
      requestTimeout: app.server.requestTimeout,
      timeout: app.server.timeout,
    }).toEqual({
      keepAliveTimeout: plain.server.keepAliveTimeout,
      requestTimeout: plain.server.requestTimeout,
      timeout: plain.server.timeout,
    });
    await plain.close();
    await app.listen({ host: '127.0.0.1', port: bound.port });
  });
});
