import http from 'node:http';
import net from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import { Refusal } from './lifecycle';

export class PortInUse extends Refusal {
  constructor(host: string, port: number) {
    super(`Port ${port} is already in use (on ${host}). Stop what is using it, or set PORT to another port.`);
  }
}

/** HOST:PORT, bound before the app is built; the app's server then serves on this very socket. */
export interface BoundPort {
  readonly port: number;
  /** For Fastify's `serverFactory`: a server whose `listen()`, whatever it is asked, takes over the socket. */
  readonly serverFactory: FastifyServerFactory;
}

/** The options Fastify hands a server factory (its defaults filled in) that concern the HTTP server. */
interface FastifyHttpSettings extends Record<string, unknown> {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/**
 * An HTTP server that listens on a socket bound earlier (Node's `listen(handle)`), so that there is no
 * moment between the check and the listening in which another process could take the port.
 */
class ServerOnBoundSocket extends http.Server {
  constructor(
    private readonly socket: net.Server,
    options: http.ServerOptions,
    handler: http.RequestListener,
  ) {
    super(options, handler);
  }

  override listen(): this {
    return super.listen(this.socket);
  }
}

/**
 * Binds HOST:PORT now, so that a busy port stops the start before the database is opened. Until the app
 * listens, a connection is closed at once (as a refused one would be before).
 */
export async function bindPort(host: string, port: number): Promise<BoundPort> {
  const socket = net.createServer((connection) => connection.destroy());
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.listen({ host, port }, resolve);
  }).catch((error: unknown) => {
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? new PortInUse(host, port) : error;
  });
  return {
    port: (socket.address() as net.AddressInfo).port,
    serverFactory(handler, options) {
      const settings = options as FastifyHttpSettings;
      const server = new ServerOnBoundSocket(socket, settings.http ?? {}, handler);
      // What Fastify sets on the servers it makes itself, but not on a factory's.
      server.keepAliveTimeout = settings.keepAliveTimeout;
      server.requestTimeout = settings.requestTimeout;
      server.setTimeout(settings.connectionTimeout);
      if (settings.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
      return server;
    },
  };
}
