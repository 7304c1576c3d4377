import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface ShuttingDownServer {
  /** SMTP_URL of the port; a sink may listen on it once this is closed. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * An SMTP server that is being stopped while a mail is on its way: it greets, answers EHLO and
 * answers the next command with 421 (service not available, closing transmission channel, RFC
 * 5321 §3.8), as smtp-server, Postfix and Exim do while they shut down.
 */
export async function startShuttingDownServer(): Promise<ShuttingDownServer> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.write('220 localhost ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      const command = chunk.toString('latin1').toUpperCase();
      if (command.startsWith('EHLO') || command.startsWith('HELO')) {
        socket.write('250 localhost\r\n');
      } else {
        socket.end('421 4.4.2 Server shutting down\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
