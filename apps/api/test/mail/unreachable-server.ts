import { createServer, type AddressInfo, type Server } from 'node:net';

export interface UnreachableServer {
  /** SMTP_URL of the port; a sink may listen on it once this is closed. */
  url: string;
  port: number;
  /** Connections it dropped: each one a delivery attempt of the worker. */
  connections(): number;
  close(): Promise<void>;
}

/** A port where no SMTP server answers: every connection is dropped at once, and counted. */
export async function startUnreachableServer(): Promise<UnreachableServer> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
